#if LibSMF
  /// Why libsmf gave no events for a file.
  public enum LibSMFError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file was not handed to libsmf: it has a trait libsmf 1.3 cannot survive (it would
    /// abort or crash the whole process) or does not read. The reason names the trait and
    /// where it is.
    case unsafeForLibSMF(reason: String)
    /// libsmf was handed the file and returned nothing; these are the messages it logged.
    case loadFailed(messages: [String])

    /// One line for a person.
    public var description: String {
      switch self {
      case .unsafeForLibSMF(let reason):
        return "libsmf cannot read this file: \(reason)"
      case .loadFailed(let messages):
        let said = messages.isEmpty ? "no message" : messages.joined(separator: "; ")
        return "libsmf failed to load the file (\(said))"
      }
    }
  }
#endif
