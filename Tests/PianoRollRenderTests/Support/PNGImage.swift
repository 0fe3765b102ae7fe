/// A decoded PNG image: 8-bit RGB or RGBA, not interlaced (what rsvg-convert writes).
struct PNGImage {
  /// Why a PNG cannot be read.
  struct Failure: Error, CustomStringConvertible {
    var description: String
  }

  /// One pixel.
  struct Pixel: Equatable, CustomStringConvertible {
    var red, green, blue, alpha: UInt8
    var description: String { "rgba(\(red), \(green), \(blue), \(alpha))" }
  }

  var width: Int
  var height: Int
  /// Bytes per pixel: 3 (RGB) or 4 (RGBA).
  var channels: Int
  /// The unfiltered rows, `width × channels` bytes each.
  var data: [UInt8]

  /// Decodes a PNG file's bytes.
  init(bytes: [UInt8]) throws(Failure) {
    guard bytes.count > 8, bytes[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else {
      throw Failure(description: "not a PNG signature")
    }
    func read32(_ at: Int) -> Int {
      Int(bytes[at]) << 24 | Int(bytes[at + 1]) << 16 | Int(bytes[at + 2]) << 8 | Int(bytes[at + 3])
    }
    var offset = 8
    var header: ArraySlice<UInt8> = []
    var compressed: [UInt8] = []
    while offset + 8 <= bytes.count {
      let length = read32(offset)
      let type = String(decoding: bytes[offset + 4..<offset + 8], as: UTF8.self)
      let start = offset + 8
      guard start + length + 4 <= bytes.count else { throw Failure(description: "chunk \(type) ends early") }
      if type == "IHDR" { header = bytes[start..<start + length] }
      if type == "IDAT" { compressed += bytes[start..<start + length] }
      if type == "IEND" { break }
      offset = start + length + 4
    }
    guard header.count == 13 else { throw Failure(description: "no IHDR") }
    let h = Array(header)
    width = Int(h[0]) << 24 | Int(h[1]) << 16 | Int(h[2]) << 8 | Int(h[3])
    height = Int(h[4]) << 24 | Int(h[5]) << 16 | Int(h[6]) << 8 | Int(h[7])
    guard h[8] == 8, h[12] == 0, h[9] == 2 || h[9] == 6 else {
      throw Failure(description: "only 8-bit RGB/RGBA without interlacing (depth \(h[8]), type \(h[9]))")
    }
    channels = h[9] == 6 ? 4 : 3
    guard compressed.count > 2 else { throw Failure(description: "no image data") }
    let raw: [UInt8]
    do {
      raw = try Inflate.decompress(Array(compressed.dropFirst(2)))  // skip the zlib header
    } catch {
      throw Failure(description: "bad image data: \(error)")
    }
    let stride = width * channels
    guard raw.count >= height * (stride + 1) else { throw Failure(description: "image data too short") }
    var pixels = [UInt8](repeating: 0, count: height * stride)
    for row in 0..<height {
      let filter = raw[row * (stride + 1)]
      let source = row * (stride + 1) + 1
      let target = row * stride
      for index in 0..<stride {
        let x = raw[source + index]
        let a = index >= channels ? Int(pixels[target + index - channels]) : 0
        let b = row > 0 ? Int(pixels[target - stride + index]) : 0
        let c = row > 0 && index >= channels ? Int(pixels[target - stride + index - channels]) : 0
        let predicted: Int
        switch filter {
        case 0: predicted = 0
        case 1: predicted = a
        case 2: predicted = b
        case 3: predicted = (a + b) / 2
        case 4:
          let p = a + b - c
          let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
          predicted = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
        default: throw Failure(description: "bad filter \(filter) in row \(row)")
        }
        pixels[target + index] = x &+ UInt8(truncatingIfNeeded: predicted)
      }
    }
    data = pixels
  }

  /// The pixel at a place (0-based, from the top left).
  func pixel(x: Int, y: Int) -> Pixel {
    let at = (y * width + x) * channels
    return Pixel(
      red: data[at], green: data[at + 1], blue: data[at + 2], alpha: channels == 4 ? data[at + 3] : 255)
  }
}
