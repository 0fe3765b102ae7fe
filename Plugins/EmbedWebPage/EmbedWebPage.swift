import Foundation
import PackagePlugin

/// Turns the page's source files (`Page/` of the target: HTML, CSS and JavaScript) into one
/// Swift file, `WebPageSources.swift`, at build time, so the page ships inside the binary with no
/// bundle to find at run time. The files stay real files in the repository, linted as such.
@main
struct EmbedWebPage: BuildToolPlugin {
  /// The command that writes `WebPageSources.swift` from every file of `Page/`.
  func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
    guard let module = target as? SourceModuleTarget else { return [] }
    let folder = module.directoryURL.appendingPathComponent("Page")
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { [".html", ".css", ".js"].contains(where: $0.hasSuffix) }.sorted()
    let inputs = names.map { folder.appendingPathComponent($0) }
    let output = context.pluginWorkDirectoryURL.appendingPathComponent("WebPageSources.swift")
    return [
      .buildCommand(
        displayName: "Embedding the web page (\(names.count) files)",
        executable: try context.tool(named: "embed-web-page").url,
        arguments: [output.path] + inputs.map(\.path),
        inputFiles: inputs, outputFiles: [output])
    ]
  }
}
