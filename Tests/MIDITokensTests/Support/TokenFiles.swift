import Foundation
import TestSupport

/// The files the tokens are judged on: the Debian packages' real songs, the samples and the
/// edge-case corpus, as full paths.
enum TokenFiles {
  /// Every file: Debian, samples, corpus.
  static let all: [String] =
    RealFiles.debianFiles + RealFiles.samples
    + RealFiles.corpusFiles.map { RealFiles.corpusDirectory.appendingPathComponent($0).path }
}
