/// midiroll's version, in one place: `midiroll --version`, `midiroll_version()` of the C ABI and
/// the Python package's `midiroll.__version__` (python/pyproject.toml states it too; a test
/// holds the two equal).
public enum MIDIRollVersion {
  /// The version, `major.minor.patch`.
  public static let current = "0.1.0"
}
