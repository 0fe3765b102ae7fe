import Foundation
import TestSupport

/// A numpy script that did not finish with its JSON line.
struct AnalysisFailure: Error, CustomStringConvertible {
  /// What the script printed.
  var description: String
}

/// Measures a WAV file with numpy and scipy (a reader nobody here wrote): the script's last
/// expression is printed as JSON and returned.
enum WAVAnalysis {
  /// What every analysis script starts with: the file read by scipy and helpers over it.
  static let prelude = """
    import json, sys
    import numpy as np
    import scipy.io.wavfile as wavfile
    rate, data = wavfile.read(sys.argv[1])
    assert data.dtype == np.int16 and data.ndim == 2 and data.shape[1] == 2, (data.dtype, data.shape)
    x = data.astype(np.float64)
    mono = x.mean(axis=1)
    loud = np.abs(x).max(axis=1)

    def frames(t0, t1):
        return slice(max(0, int(round(t0 * rate))), min(len(x), int(round(t1 * rate))))

    def onset(t, fraction=0.01, before=0.05):
        # The first frame from t - before where either channel passes fraction × the loudest frame.
        start = max(0, int(round((t - before) * rate)))
        threshold = fraction * loud.max()
        above = np.nonzero(loud[start:] > threshold)[0]
        return None if len(above) == 0 else (start + int(above[0])) / rate

    def peak_hz(t0, t1, low=20.0, high=5000.0):
        # The strongest frequency of the mono signal, Hann window, zero-padded to 0.25 Hz bins.
        segment = mono[frames(t0, t1)]
        n = 4 * rate
        spectrum = np.abs(np.fft.rfft(segment * np.hanning(len(segment)), n=n))
        hz = np.fft.rfftfreq(n, 1.0 / rate)
        band = (hz >= low) & (hz <= high)
        return float(hz[band][np.argmax(spectrum[band])])

    def bands(t0, t1):
        # Energy in 48 log-spaced bands from 50 Hz to 16 kHz, as a unit vector.
        segment = mono[frames(t0, t1)]
        power = np.abs(np.fft.rfft(segment * np.hanning(len(segment)))) ** 2
        hz = np.fft.rfftfreq(len(segment), 1.0 / rate)
        edges = np.geomspace(50, 16000, 49)
        energy = np.array([power[(hz >= a) & (hz < b)].sum() for a, b in zip(edges[:-1], edges[1:])])
        return energy / np.linalg.norm(energy)

    def similarity(a, b):
        return float(np.dot(bands(*a), bands(*b)))

    def rms(t0, t1, channel=None):
        segment = x[frames(t0, t1)] if channel is None else x[frames(t0, t1), channel]
        return float(np.sqrt(np.mean(segment ** 2)))

    def max_abs(t0, t1):
        return float(np.abs(x[frames(t0, t1)]).max())

    """

  /// Writes `wav` to a temporary file, runs `prelude` + `body` on it and decodes the JSON the
  /// body prints (`print(json.dumps(...))`).
  static func run(_ wav: [UInt8], _ body: String) throws -> [String: Any] {
    let file = FileManager.default.temporaryDirectory.appendingPathComponent(
      "midiroll-\(UUID().uuidString).wav")
    try Data(wav).write(to: file)
    defer { try? FileManager.default.removeItem(at: file) }
    let result = try Python.run(script: prelude + body, [file.path])
    guard result.status == 0, let line = result.output.split(separator: "\n").last,
      let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
    else {
      throw AnalysisFailure(description: "analysis failed (\(result.status)): \(result.output)")
    }
    return object
  }
}
