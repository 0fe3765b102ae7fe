/// Why an `.npz` archive could not be written.
public enum NPZError: Error, Hashable, Sendable, CustomStringConvertible {
  /// zlib refused to compress (its return code).
  case compressionFailed(code: Int32)
  /// A member or the whole archive passed 4 GiB, which plain ZIP cannot hold.
  case tooLarge(member: String, bytes: Int)
  /// Two members with one name.
  case duplicateMember(String)
  /// More members than plain ZIP counts (65535).
  case tooManyMembers(Int)

  /// One line saying what went wrong.
  public var description: String {
    switch self {
    case .compressionFailed(let code): "zlib could not compress an array (code \(code))"
    case .tooLarge(let member, let bytes):
      "\(member) would be \(bytes) bytes, more than a ZIP without ZIP64 holds (4 GiB)"
    case .duplicateMember(let name): "two arrays are named \(name)"
    case .tooManyMembers(let count):
      "\(count) arrays, more than a ZIP without ZIP64 holds (65535)"
    }
  }
}
