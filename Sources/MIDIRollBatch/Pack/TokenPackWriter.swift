import Foundation
import MIDIRollFiles
import MIDIRollKit

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes one pack folder (`pack-K-of-N/`: `ids.bin`, `index.bin`, `sources.jsonl`,
/// `manifest.json`), appending each input's piece in input order and committing in pieces.
///
/// Bytes are appended to the three data files as pieces arrive; ``commit(complete:)`` flushes
/// them to the disk (`fsync`) and only then renames a new manifest into place with the new
/// counts. So a run stopped at any point leaves a manifest whose counts the files hold whole;
/// ``init(folder:settings:mode:)`` with `resume` cuts the files back to those counts.
/// Used by the batch's collecting thread only.
final class TokenPackWriter {
  /// How an existing pack is treated.
  enum Mode {
    /// Refuse a pack that exists.
    case create
    /// Continue a pack that exists (a new one when none does).
    case resume
    /// Start again over a pack that exists.
    case replace
  }

  /// The pack folder.
  let folder: String
  /// The committed state, and the counts of what is appended since.
  private(set) var manifest: TokenPackManifest
  private var committed: TokenPackManifest
  private let ids: Int32
  private let index: Int32
  private let sources: Int32
  private let idBytes: Int

  /// Opens (creates) the pack folder.
  /// - Throws: ``KitError``: (usage) a pack exists and `mode` is `create`, or it was begun with
  ///   other settings; (bad input) its manifest or files cannot be read or are shorter than it
  ///   commits; (cannot write) a file cannot be created or cut back.
  init(folder: String, settings: TokenPackManifest.Settings, mode: Mode) throws(KitError) {
    self.folder = folder
    idBytes = settings.dtype == "<u2" ? 2 : 4
    try FileIO.makeFolders(folder, for: folder)
    let manifestPath = folder + "/manifest.json"
    var manifest = TokenPackManifest(settings: settings)
    if FileManager.default.fileExists(atPath: manifestPath) {
      switch mode {
      case .create:
        throw KitError(
          .usage, file: folder, "holds a token pack: --resume continues it, --force makes it again")
      case .replace: break
      case .resume:
        let found = try TokenPackManifest(path: manifestPath)
        guard found.settings == settings else {
          throw KitError(
            .usage, file: manifestPath,
            "the pack was begun with other settings (tokenizer, --max-seq-len, --augment, shard or split); "
              + "resume it with the same, or --force to make it again")
        }
        manifest = found
      }
    }
    func openData(_ name: String, keeping bytes: Int) throws(KitError) -> Int32 {
      let path = folder + "/" + name
      let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
      guard descriptor >= 0 else {
        throw KitError(.cannotWrite, file: path, String(cString: strerror(errno)))
      }
      var info = stat()
      fstat(descriptor, &info)
      guard Int(info.st_size) >= bytes else {
        close(descriptor)
        throw KitError(
          .badInput, file: path,
          "cut short: \(info.st_size) bytes, the manifest commits \(bytes) (the pack cannot be resumed: --force)"
        )
      }
      guard ftruncate(descriptor, off_t(bytes)) == 0,
        lseek(descriptor, off_t(bytes), SEEK_SET) == off_t(bytes)
      else {
        close(descriptor)
        throw KitError(.cannotWrite, file: path, String(cString: strerror(errno)))
      }
      return descriptor
    }
    ids = try openData("ids.bin", keeping: manifest.tokens * manifest.width * idBytes)
    index = try openData("index.bin", keeping: manifest.sequences * TokenPackRecord.byteCount)
    sources = try openData("sources.jsonl", keeping: manifest.sourcesBytes)
    manifest.complete = false
    self.manifest = manifest
    committed = manifest
    try writeManifest()
  }

  deinit {
    close(ids)
    close(index)
    close(sources)
  }

  /// Appends one input's piece (its records' offsets and source set here) and counts the input.
  /// - Throws: ``KitError`` (cannot write) naming the file.
  func append(_ piece: TokenPackPiece?, input: String) throws(KitError) {
    if let piece, !piece.records.isEmpty {
      var records: [UInt8] = []
      records.reserveCapacity(piece.records.count * TokenPackRecord.byteCount)
      for var record in piece.records {
        record.offset += UInt64(manifest.tokens)
        record.source = UInt32(manifest.sources)
        record.append(to: &records)
      }
      let line = Array(JSONLine.quoted(input).utf8) + [0x0A]
      try appendBytes(piece.ids, to: ids, name: "ids.bin")
      try appendBytes(records, to: index, name: "index.bin")
      try appendBytes(line, to: sources, name: "sources.jsonl")
      manifest.sequences += piece.records.count
      manifest.tokens += piece.tokens
      manifest.sources += 1
      manifest.sourcesBytes += line.count
    }
    manifest.skippedVariants += piece?.skippedVariants ?? 0
    manifest.files += 1
    manifest.lastInput = input
  }

  /// Whether anything was appended since the last commit.
  var hasPending: Bool { manifest != committed }

  /// Flushes the data files to the disk, then renames a manifest with the new counts into place.
  /// - Throws: ``KitError`` (cannot write) naming the file.
  func commit(complete: Bool) throws(KitError) {
    manifest.complete = complete
    guard hasPending else { return }
    for (descriptor, name) in [(ids, "ids.bin"), (index, "index.bin"), (sources, "sources.jsonl")]
    where fsync(descriptor) != 0 {
      throw KitError(.cannotWrite, file: folder + "/" + name, String(cString: strerror(errno)))
    }
    try writeManifest()
    committed = manifest
  }

  private func writeManifest() throws(KitError) {
    try FileIO.write(manifest.bytes, to: folder + "/manifest.json")
  }

  private func appendBytes(_ bytes: [UInt8], to descriptor: Int32, name: String) throws(KitError) {
    var done = 0
    while done < bytes.count {
      let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + done, bytes.count - done) }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else {
        throw KitError(.cannotWrite, file: folder + "/" + name, String(cString: strerror(errno)))
      }
      done += written
    }
  }
}
