/// Where a value sits in a JSON document, e.g. `tracks[2].notes[17].pitch`.
public struct JSONPath: Hashable, Sendable, CustomStringConvertible {
  /// One step into a document.
  public enum Component: Hashable, Sendable {
    /// A name of an object.
    case name(String)
    /// An index of an array.
    case index(Int)
  }

  /// The first steps, and up to three more kept inline so that stepping into a value while
  /// reading costs no allocation.
  private var head: [Component]
  private var tail0: Component?
  private var tail1: Component?
  private var tail2: Component?

  /// Creates a path from its steps; the top-level value has none.
  public init(_ components: [Component] = []) {
    head = components
  }

  /// The steps from the top-level value.
  public var components: [Component] {
    var all = head
    for component in [tail0, tail1, tail2] {
      if let component { all.append(component) }
    }
    return all
  }

  /// This path, one name further.
  public func appending(_ name: String) -> JSONPath { appending(.name(name)) }

  /// This path, one index further.
  public func appending(_ index: Int) -> JSONPath { appending(.index(index)) }

  /// This path, one step further.
  public func appending(_ component: Component) -> JSONPath {
    var path = self
    if path.tail0 == nil {
      path.tail0 = component
    } else if path.tail1 == nil {
      path.tail1 = component
    } else if path.tail2 == nil {
      path.tail2 = component
    } else {
      path = JSONPath(components + [component])
    }
    return path
  }

  /// Paths are equal when their steps are.
  public static func == (lhs: JSONPath, rhs: JSONPath) -> Bool { lhs.components == rhs.components }

  /// Hashes the steps.
  public func hash(into hasher: inout Hasher) { hasher.combine(components) }

  /// The path as text: names joined with dots, indices in brackets, `(top level)` for none.
  public var description: String {
    guard !components.isEmpty else { return "(top level)" }
    var text = ""
    for component in components {
      switch component {
      case .name(let name):
        if !text.isEmpty { text += "." }
        text += name
      case .index(let index):
        text += "[\(index)]"
      }
    }
    return text
  }
}
