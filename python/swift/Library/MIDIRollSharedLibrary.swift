// The shared library's one module: it links the C ABI (`MIDIRollC`, whose `@_cdecl`
// functions are the library's exports) and re-exports it for Swift callers.
@_exported import MIDIRollC
