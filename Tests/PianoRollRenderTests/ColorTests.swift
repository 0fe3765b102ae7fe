import PianoRollRender
import Testing

@Suite("Colours")
struct ColorTests {
  @Test("hex strings and mixing")
  func hex() {
    #expect(RGBColor(hex: 0x0A_FF_80).hexString == "#0aff80")
    #expect(RGBColor.white.mixed(with: RGBColor(hex: 0), amount: 0.5) == RGBColor(hex: 0x808080))
    #expect(RGBColor.hsl(hue: 0, saturation: 1, lightness: 0.5) == RGBColor(hex: 0xFF0000))
    #expect(RGBColor.hsl(hue: 240, saturation: 1, lightness: 0.5) == RGBColor(hex: 0x0000FF))
  }

  @Test("fire runs dark red to yellow and ocean deep blue to cyan across the pitches drawn")
  func gradients() {
    let low = NoteColoring.fire.base(pitch: 40, colorIndex: 0, pitchRange: 40...80)
    let high = NoteColoring.fire.base(pitch: 80, colorIndex: 0, pitchRange: 40...80)
    #expect(low == NoteColoring.fireStops.first && high == NoteColoring.fireStops.last)
    #expect(low.red > low.green && high.green > 150 && high.red > 200)
    let deep = NoteColoring.ocean.base(pitch: 40, colorIndex: 0, pitchRange: 40...80)
    let shallow = NoteColoring.ocean.base(pitch: 80, colorIndex: 0, pitchRange: 40...80)
    #expect(deep.blue > deep.red && shallow.green > 200 && shallow.blue > 200)
  }

  @Test("rainbow gives each pitch class its own colour, the same in every octave")
  func rainbow() {
    let colors = (60..<72).map {
      NoteColoring.rainbow.base(pitch: UInt8($0), colorIndex: 0, pitchRange: 0...127)
    }
    #expect(Set(colors).count == 12)
    #expect(NoteColoring.rainbow.base(pitch: 48, colorIndex: 5, pitchRange: 0...127) == colors[0])
  }

  @Test("track colours repeat after the palette; louder is more intense")
  func tracksAndVelocity() {
    let palette = NoteColoring.trackPalette
    #expect(NoteColoring.track.base(pitch: 0, colorIndex: 1, pitchRange: 0...1) == palette[1])
    #expect(NoteColoring.track.base(pitch: 0, colorIndex: palette.count, pitchRange: 0...1) == palette[0])
    let base = RGBColor(hex: 0x204080)
    #expect(NoteColoring.fill(base: base, velocity: 127) == base)
    let fills = [1, 40, 80, 127].map { NoteColoring.fill(base: base, velocity: UInt8($0)) }
    #expect(zip(fills, fills.dropFirst()).allSatisfy { $0.red > $1.red && $0.blue >= $1.blue })
  }
}
