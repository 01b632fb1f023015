import Foundation
import PlatformCore

/// Small, structurally valid media files built in code (no binary fixtures): what upload tests
/// send, and what the media sniffer must accept whole and refuse cut off.
public enum SampleMedia {
    /// A JPEG: SOI, an APP0/JFIF segment, some entropy-coded bytes, EOI.
    public static func jpeg(size: Int = 600) -> Data {
        var bytes: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10] + Array("JFIF".utf8) + [0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00, 0x00]
        bytes += (0..<max(0, size - bytes.count - 2)).map { UInt8(truncatingIfNeeded: $0 * 7 + 3) & 0x7F }
        return Data(bytes + [0xFF, 0xD9])
    }

    /// A PNG: signature, IHDR, one IDAT of `payload` bytes, IEND (CRCs are not checked by anyone here).
    public static func png(payload: Int = 100) -> Data {
        func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
            bigEndian(UInt32(data.count)) + Array(type.utf8) + data + [0, 0, 0, 0]
        }
        let header = bigEndian(1) + bigEndian(1) + [8, 6, 0, 0, 0]
        return Data(
            [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + chunk("IHDR", header) + chunk("IDAT", Array(repeating: 0x11, count: payload)) + chunk("IEND", []))
    }

    /// A PCM WAV of `samples` 16-bit mono samples at 16 kHz.
    public static func wav(samples: Int = 1600) -> Data {
        let dataBytes = samples * 2
        var bytes = Array("RIFF".utf8) + littleEndian(UInt32(36 + dataBytes)) + Array("WAVE".utf8)
        bytes += Array("fmt ".utf8) + littleEndian(16) + [1, 0, 1, 0] + littleEndian(16000) + littleEndian(32000) + [2, 0, 16, 0]
        bytes += Array("data".utf8) + littleEndian(UInt32(dataBytes)) + Array(repeating: 0, count: dataBytes)
        return Data(bytes)
    }

    /// An MP3: an ID3v2 tag, then `frames` MPEG-1 Layer III frames at 128 kbit/s, 44.1 kHz (417 bytes each).
    public static func mp3(frames: Int = 4) -> Data {
        var bytes = Array("ID3".utf8) + [3, 0, 0, 0, 0, 0, 10] + Array(repeating: 0, count: 10)
        for _ in 0..<frames { bytes += [0xFF, 0xFB, 0x90, 0x00] + Array(repeating: 0, count: 413) }
        return Data(bytes)
    }

    /// An M4A: `ftyp` (brand `M4A `), `moov`, and an `mdat` of `payload` bytes.
    public static func m4a(payload: Int = 2000) -> Data {
        func box(_ type: String, _ data: [UInt8]) -> [UInt8] { bigEndian(UInt32(8 + data.count)) + Array(type.utf8) + data }
        let ftyp = box("ftyp", Array("M4A ".utf8) + [0, 0, 2, 0] + Array("M4A isomiso2".utf8))
        let moov = box("moov", box("mvhd", Array(repeating: 0, count: 100)))
        return Data(ftyp + moov + box("mdat", Array(repeating: 0x21, count: payload)))
    }

    /// `data` with its last `count` bytes cut off, as an interrupted upload would be.
    public static func truncated(_ data: Data, by count: Int = 10) -> Data { data.prefix(data.count - count) }

    static func bigEndian(_ value: UInt32) -> [UInt8] { [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)] }
    static func littleEndian(_ value: UInt32) -> [UInt8] { bigEndian(value).reversed() }
}

/// A `multipart/form-data` request body, as a browser or URLSession sends it: the platform's builder.
public typealias MultipartBody = MultipartBuilder
