import Foundation

/// Which files and folders of the input tree a batch takes, from `--include`, `--exclude`
/// and `--hidden`.
///
/// A pattern without `/` is matched against the name alone (`*.kar`, `drafts`), at any
/// depth; a pattern with `/` against the whole path relative to the input folder, where `*`
/// also matches across folders (`lmd/A/*`). Patterns use shell wildcards (`*`, `?`, `[…]`).
public struct PathFilter: Sendable {
  /// A file must match one of these when there are any.
  public var includes: [String] = []
  /// A file or folder matching one of these is left out (a folder with everything in it).
  public var excludes: [String] = []
  /// Take files and folders whose names begin with `.` (left out by default).
  public var includeHidden = false

  /// A filter; by default it takes every file whose name does not begin with `.`.
  public init(includes: [String] = [], excludes: [String] = [], includeHidden: Bool = false) {
    self.includes = includes
    self.excludes = excludes
    self.includeHidden = includeHidden
  }

  /// Whether to take the file at `relativePath`, whose last component is `name`.
  func takesFile(_ relativePath: String, name: String) -> Bool {
    if !includeHidden && name.hasPrefix(".") { return false }
    if excludes.contains(where: { Self.matches($0, relativePath, name: name) }) { return false }
    return includes.isEmpty || includes.contains(where: { Self.matches($0, relativePath, name: name) })
  }

  /// Whether to walk into the folder at `relativePath`, whose last component is `name`.
  func entersFolder(_ relativePath: String, name: String) -> Bool {
    if !includeHidden && name.hasPrefix(".") { return false }
    return !excludes.contains(where: { Self.matches($0, relativePath, name: name) })
  }

  /// Whether `pattern` matches: against the name when it has no `/`, else the relative path.
  static func matches(_ pattern: String, _ relativePath: String, name: String) -> Bool {
    if pattern.contains("/") {
      let anchored = pattern.hasPrefix("/") ? String(pattern.dropFirst()) : pattern
      return fnmatch(anchored, relativePath, 0) == 0
    }
    return fnmatch(pattern, name, 0) == 0
  }
}
