#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The `main` of a fuzz target: libFuzzer's driver when built for fuzzing, else a replayer.
///
/// `make fuzz` builds the targets with `-sanitize=fuzzer,address -DFUZZING`; then `main` hands
/// the arguments to libFuzzer (`LLVMFuzzerRunDriver`), which calls the target's
/// `LLVMFuzzerTestOneInput` with input after input. A plain `swift build` links no libFuzzer:
/// `main` then reads the files and folders named on the command line and checks each, so a
/// finding can be replayed (and debugged) without the fuzzer.
public enum FuzzDriver {
  /// libFuzzer's signature for one input.
  public typealias Entry = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt

  /// Checks one input; on a broken law prints it and aborts, which
  /// libFuzzer records as a crash and saves the input. Returns 0 (libFuzzer's "keep going").
  public static func test(
    _ data: UnsafePointer<UInt8>?, _ size: Int, _ check: ([UInt8]) -> LawViolation?
  ) -> CInt {
    let bytes = size == 0 ? [] : Array(UnsafeBufferPointer(start: data, count: size))
    if let violation = check(bytes) {
      printError("law broken: \(violation)")
      abort()
    }
    return 0
  }

  /// Runs libFuzzer (fuzzing builds) or replays the inputs named in the arguments.
  /// - Parameters:
  ///   - name: The target's name, for messages.
  ///   - entry: The target's `LLVMFuzzerTestOneInput`.
  ///   - check: The laws, for replaying.
  public static func main(name: String, entry: Entry, check: ([UInt8]) -> LawViolation?) -> Never {
    #if FUZZING
      var argc = CommandLine.argc
      var argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = CommandLine.unsafeArgv
      exit(LLVMFuzzerRunDriver(&argc, &argv, entry))
    #else
      exit(replay(name: name, paths: Array(CommandLine.arguments.dropFirst()), check: check))
    #endif
  }

  /// Checks every file named (folders: every file inside, recursively); prints each broken law.
  /// - Returns: The exit code: 0 when every input keeps the laws, 1 when one does not, 2 for
  ///   bad usage.
  public static func replay(name: String, paths: [String], check: ([UInt8]) -> LawViolation?) -> Int32 {
    guard !paths.isEmpty else {
      printError("usage: \(name) FILE-OR-FOLDER...  (replays inputs; `make fuzz` builds it for fuzzing)")
      return 2
    }
    var checked = 0
    var broken = 0
    for path in paths {
      for file in filesUnder(path) {
        guard let bytes = readFile(file) else {
          printError("\(file): cannot be read")
          broken += 1
          continue
        }
        checked += 1
        guard let violation = check(bytes) else { continue }
        print("\(file): law broken: \(violation)")
        broken += 1
      }
    }
    print("\(name): \(checked) input(s) checked, \(broken) broken")
    return broken == 0 ? 0 : 1
  }

  /// Writes `convert(input)` for every file under `inputs` that converts, into the folder
  /// `output` (created), named by a hash of its bytes, then exits.
  public static func makeSeeds(into output: String, from inputs: [String], convert: ([UInt8]) -> [UInt8]?)
    -> Never
  {
    mkdir(output, 0o755)
    var written = 0
    for file in inputs.flatMap(filesUnder) {
      guard let bytes = readFile(file), let seed = convert(bytes) else { continue }
      // FNV-1a, for a name that is the same for the same seed.
      var hash: UInt64 = 0xCBF2_9CE4_8422_2325
      for byte in seed { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
      let path = output + "/" + String(hash, radix: 16)
      guard let handle = fopen(path, "wb") else { continue }
      _ = seed.withUnsafeBytes { fwrite($0.baseAddress, 1, $0.count, handle) }
      fclose(handle)
      written += 1
    }
    print("\(written) seed(s) written to \(output)")
    exit(0)
  }

  /// Writes one line to standard error.
  static func printError(_ line: String) {
    let text = Array((line + "\n").utf8)
    _ = text.withUnsafeBytes { write(2, $0.baseAddress, $0.count) }
  }

  /// `path` if it is a file, else every regular file under it, sorted.
  static func filesUnder(_ path: String) -> [String] {
    var info = stat()
    guard stat(path, &info) == 0 else { return [path] }
    guard info.st_mode & S_IFMT == S_IFDIR, let directory = opendir(path) else { return [path] }
    defer { closedir(directory) }
    var names: [String] = []
    while let entry = readdir(directory) {
      let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
        String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
      }
      if name != "." && name != ".." { names.append(name) }
    }
    return names.sorted().flatMap { filesUnder(path + "/" + $0) }
  }

  /// The bytes of a file, or `nil` when it cannot be read.
  static func readFile(_ path: String) -> [UInt8]? {
    guard let handle = fopen(path, "rb") else { return nil }
    defer { fclose(handle) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65536)
    while true {
      let count = fread(&buffer, 1, buffer.count, handle)
      if count == 0 { break }
      bytes += buffer[0..<count]
    }
    return ferror(handle) == 0 ? bytes : nil
  }
}

#if FUZZING
  /// libFuzzer's entry for a program with its own `main` (compiler-rt `FuzzerInterface.h`).
  @_silgen_name("LLVMFuzzerRunDriver")
  func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: FuzzDriver.Entry
  ) -> CInt
#endif
