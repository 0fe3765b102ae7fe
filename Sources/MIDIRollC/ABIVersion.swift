import CMIDIRoll
import SMF

/// The version of the C ABI this library implements: `MIDIROLL_ABI_VERSION` of
/// `include/midiroll.h`, which a caller compares with the one it was built against.
@_cdecl("midiroll_abi_version")
public func midirollABIVersion() -> UInt32 {
  UInt32(MIDIROLL_ABI_VERSION)
}

/// The library's version, the command line's (`midiroll --version`): a NUL-terminated string
/// in static storage, never freed.
@_cdecl("midiroll_version")
public func midirollVersion() -> UnsafePointer<CChar> {
  LibraryVersion.text
}

/// The version string, made once.
enum LibraryVersion {
  /// ``MIDIRollVersion/current`` as a NUL-terminated string that lives as long as the process.
  nonisolated(unsafe) static let text: UnsafePointer<CChar> = {
    let bytes = Array(MIDIRollVersion.current.utf8CString)
    let storage = UnsafeMutablePointer<CChar>.allocate(capacity: bytes.count)
    storage.initialize(from: bytes, count: bytes.count)
    return UnsafePointer(storage)
  }()
}
