import Foundation
import Testing

@testable import Backend

/// HDR sources (HLG, as phones record, and PQ) are tone-mapped to the SDR
/// BT.709 output: reference white (203 cd/m²) near SDR white, darker tones as
/// they were, colours in BT.709 primaries; not the grey, washed-out picture of
/// reading BT.2020 HLG samples as BT.709.
@Suite struct HDRTests {
    enum Transfer: String {
        case hlg = "arib-std-b67"
        case pq = "smpte2084"
    }

    /// Renders one flat 10-bit BT.2020 frame with the given Y'CbCr codes and
    /// returns the output's Y, Cb, Cr at its centre.
    func shown(_ transfer: Transfer, y: Int, cb: Int = 512, cr: Int = 512) throws -> (y: Int, cb: Int, cr: Int) {
        let workspace = try RenderWorkspace()
        let clip = workspace.directory + "/hdr.mkv"
        try MediaFixtures.ffmpeg([
            "-f", "lavfi", "-i", "color=black:size=64x64:rate=25:duration=0.2,format=yuv420p10le,geq=lum=\(y):cb=\(cb):cr=\(cr)",
            "-c:v", "ffv1", "-color_trc", transfer.rawValue, "-color_primaries", "bt2020", "-colorspace", "bt2020nc", clip,
        ])
        let yaml = """
            cutlist: 1
            output: { path: out.mp4, video: { crf: 0 } }
            tracks:
              - items:
                  - { source: "\(clip)", duration: 0.08s }
            """
        let picture = try #require(try RenderOutput.pictures(try workspace.render(yaml)).first)
        let chroma = 16 * picture.width / 2 + 16
        return (picture.y(32, 32), Int(picture.cb[chroma]), Int(picture.cr[chroma]))
    }

    /// SDR 8-bit limited-range luma of light relative to reference white, below the tone curve's knee.
    func sdrLuma(_ light: Double) -> Int { Int((16 + 219 * pow(light, 1 / 2.4)).rounded()) }

    @Test func hlgReferenceWhiteIsNearSDRWhiteAndGreyKeepsItsLevel() throws {
        // HLG 75% is reference white: 228 after the roll-off (235 is SDR white); BT.709 read would give 180.
        let white = try shown(.hlg, y: 64 + 657)
        #expect(abs(white.y - 228) <= 2 && abs(white.cb - 128) <= 1 && abs(white.cr - 128) <= 1)
        // HLG 50%: scene light 1/12, on a 1000 cd/m² display 0.2497 of reference white.
        #expect(abs(try shown(.hlg, y: 64 + 438).y - sdrLuma(0.2497)) <= 2)
        #expect(try shown(.hlg, y: 64).y == 16)
    }

    @Test func pqAt203CandelasIsReferenceWhite() throws {
        // PQ code 0.5806 is 203 cd/m².
        #expect(abs(try shown(.pq, y: 64 + Int((0.5806 * 876).rounded())).y - 228) <= 2)
        // 100 cd/m² (PQ 0.5081) is below the knee: 100/203 of reference white.
        #expect(abs(try shown(.pq, y: 64 + Int((0.5081 * 876).rounded())).y - sdrLuma(100.0 / 203)) <= 2)
    }

    @Test func hlgColoursComeBackInBT709() throws {
        // BT.709 light (0.5, 0.1, 0.1) of reference white, written as HLG BT.2020 the way a camera would.
        let light709 = [0.5, 0.1, 0.1]
        let toBT2020 = [[0.6274, 0.3293, 0.0433], [0.0691, 0.9195, 0.0114], [0.0164, 0.0880, 0.8956]]
        let display = toBT2020.map { row in zip(row, light709).map(*).reduce(0, +) * 203 }
        let displayLuma = 0.2627 * display[0] + 0.6780 * display[1] + 0.0593 * display[2]
        let sceneLuma = pow(displayLuma / 1000, 1 / 1.2)
        let scene = display.map { $0 / (1000 * pow(sceneLuma, 0.2)) }
        let (a, b, c) = (0.17883277, 0.28466892, 0.55991073)
        let signal = scene.map { $0 <= 1.0 / 12 ? (3 * $0).squareRoot() : a * log(12 * $0 - b) + c }
        let luma = 0.2627 * signal[0] + 0.6780 * signal[1] + 0.0593 * signal[2]
        let shown = try shown(
            .hlg, y: Int((64 + 876 * luma).rounded()), cb: Int((512 + 896 * (signal[2] - luma) / 1.8814).rounded()),
            cr: Int((512 + 896 * (signal[0] - luma) / 1.4746).rounded()))
        let sdr = light709.map { pow($0, 1 / 2.4) }
        let sdrLuma = 0.2126 * sdr[0] + 0.7152 * sdr[1] + 0.0722 * sdr[2]
        #expect(abs(shown.y - Int((16 + 219 * sdrLuma).rounded())) <= 3)
        #expect(abs(shown.cb - Int((128 + 224 * (sdr[2] - sdrLuma) / 1.8556).rounded())) <= 3)
        #expect(abs(shown.cr - Int((128 + 224 * (sdr[0] - sdrLuma) / 1.5748).rounded())) <= 3)
    }
}
