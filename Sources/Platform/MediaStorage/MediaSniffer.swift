import Foundation

/// Recognises an upload by its magic bytes and checks its structure far enough to tell a whole
/// file from a cut-off one: JPEG's end-of-image marker, PNG's chunk chain to `IEND`, GIF's
/// trailer, RIFF's declared size (WAV, WebP), ISO BMFF's box chain (M4A, HEIC) with its `moov`
/// or `meta` box, MP3's frame chain. A declared name or MIME type never decides anything.
public enum MediaSniffer {
    public enum Verdict: Sendable, Equatable {
        case valid(MediaFormat)
        case empty
        /// Recognised, but the bytes end before the file does.
        case truncated(MediaFormat)
        case unrecognised
    }

    public static func inspect(_ data: Data) -> Verdict {
        guard !data.isEmpty else { return .empty }
        let bytes = [UInt8](data)
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return jpegIsWhole(bytes) ? .valid(.jpeg) : .truncated(.jpeg) }
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) { return pngIsWhole(bytes) ? .valid(.png) : .truncated(.png) }
        if bytes.starts(with: Array("GIF87a".utf8)) || bytes.starts(with: Array("GIF89a".utf8)) {
            return bytes.count > 13 && bytes.last == 0x3B ? .valid(.gif) : .truncated(.gif)
        }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)) {
            let form = String(decoding: bytes[8..<12], as: UTF8.self)
            let format: MediaFormat? = form == "WAVE" ? .wav : form == "WEBP" ? .webp : nil
            guard let format else { return .unrecognised }
            return riffIsWhole(bytes) ? .valid(format) : .truncated(format)
        }
        if bytes.count >= 12, String(decoding: bytes[4..<8], as: UTF8.self) == "ftyp" {
            let brand = String(decoding: bytes[8..<12], as: UTF8.self)
            guard let format = isoFormat(brand: brand) else { return .unrecognised }
            return isoIsWhole(bytes, needs: format == .heic ? "meta" : "moov") ? .valid(format) : .truncated(format)
        }
        if bytes.starts(with: Array("ID3".utf8)) || isMP3FrameHeader(bytes, at: 0) {
            return mp3IsWhole(bytes) ? .valid(.mp3) : .truncated(.mp3)
        }
        return .unrecognised
    }

    // MARK: Formats

    static func jpegIsWhole(_ bytes: [UInt8]) -> Bool {
        // Some encoders pad after the end-of-image marker; zero bytes after it are tolerated.
        var end = bytes.count
        while end > 0, bytes[end - 1] == 0 { end -= 1 }
        return end >= 4 && bytes[end - 2] == 0xFF && bytes[end - 1] == 0xD9
    }

    static func pngIsWhole(_ bytes: [UInt8]) -> Bool {
        var offset = 8
        while offset + 8 <= bytes.count {
            let length = Int(bigEndian32(bytes, at: offset))
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let next = offset + 12 + length
            guard length >= 0, next <= bytes.count else { return false }
            if type == "IEND" { return true }
            offset = next
        }
        return false
    }

    static func riffIsWhole(_ bytes: [UInt8]) -> Bool {
        let declared = littleEndian32(bytes, at: 4)
        // Recorders that stream WAV write 0 or 0xFFFFFFFF when the size is not known yet.
        if declared == 0 || declared == 0xFFFF_FFFF { return bytes.count > 44 }
        return Int(declared) + 8 <= bytes.count
    }

    static func isoFormat(brand: String) -> MediaFormat? {
        switch brand {
        case "heic", "heix", "hevc", "hevx", "heim", "heis", "mif1", "msf1": .heic
        case "M4A ", "M4B ", "M4P ", "mp41", "mp42", "isom", "iso2", "iso5", "dash", "3gp4", "3gp5", "3gp6", "3g2a", "qt  ": .m4a
        default: nil
        }
    }

    /// Walks the top-level boxes (32-bit sizes, 64-bit when the size is 1, "to the end" when 0):
    /// whole when every box fits and the box holding the media description (`needs`) is present.
    static func isoIsWhole(_ bytes: [UInt8], needs required: String) -> Bool {
        var offset = 0
        var seen = false
        while offset < bytes.count {
            guard offset + 8 <= bytes.count else { return false }
            var size = UInt64(bigEndian32(bytes, at: offset))
            let type = String(decoding: bytes[(offset + 4)..<(offset + 8)], as: UTF8.self)
            if type == required { seen = true }
            if size == 1 {
                guard offset + 16 <= bytes.count else { return false }
                size = UInt64(bigEndian32(bytes, at: offset + 8)) << 32 | UInt64(bigEndian32(bytes, at: offset + 12))
                guard size >= 16 else { return false }
            } else if size == 0 {
                return seen
            } else if size < 8 {
                return false
            }
            guard size <= UInt64(bytes.count - offset) else { return false }
            offset += Int(size)
        }
        return seen
    }

    /// Skips an ID3v2 tag, then walks MPEG audio frames: whole when at least one frame is complete
    /// and no frame runs past the end (an ID3v1/APE tag or junk after the last frame is tolerated).
    static func mp3IsWhole(_ bytes: [UInt8]) -> Bool {
        var offset = 0
        if bytes.starts(with: Array("ID3".utf8)) {
            guard bytes.count >= 10 else { return false }
            let size = bytes[6..<10].reduce(0) { $0 << 7 | Int($1 & 0x7F) }
            offset = 10 + size + (bytes[5] & 0x10 != 0 ? 10 : 0)
        }
        var frames = 0
        while offset < bytes.count {
            guard let length = mp3FrameLength(bytes, at: offset) else { break }
            guard offset + length <= bytes.count else { return false }
            frames += 1
            offset += length
        }
        return frames > 0
    }

    static func isMP3FrameHeader(_ bytes: [UInt8], at offset: Int) -> Bool { mp3FrameLength(bytes, at: offset) != nil }

    /// The length of the MPEG audio frame whose header starts at `offset`; nil when none does.
    static func mp3FrameLength(_ bytes: [UInt8], at offset: Int) -> Int? {
        guard offset + 4 <= bytes.count, bytes[offset] == 0xFF, bytes[offset + 1] & 0xE0 == 0xE0 else { return nil }
        let version = (bytes[offset + 1] >> 3) & 0x03  // 0: MPEG 2.5, 2: MPEG 2, 3: MPEG 1
        let layer = (bytes[offset + 1] >> 1) & 0x03  // 1: III, 2: II, 3: I
        let bitrateIndex = Int(bytes[offset + 2] >> 4)
        let rateIndex = Int((bytes[offset + 2] >> 2) & 0x03)
        let padding = Int((bytes[offset + 2] >> 1) & 0x01)
        guard version != 1, layer != 0, (1...14).contains(bitrateIndex), rateIndex != 3 else { return nil }
        let mpeg1 = version == 3
        let bitrates: [Int]
        switch (mpeg1, layer) {
        case (true, 3): bitrates = [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448]
        case (true, 2): bitrates = [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384]
        case (true, _): bitrates = [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320]
        case (false, 3): bitrates = [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256]
        case (false, _): bitrates = [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160]
        }
        let rates = [[11025, 12000, 8000], [], [22050, 24000, 16000], [44100, 48000, 32000]][Int(version)]
        let bitrate = bitrates[bitrateIndex] * 1000
        let rate = rates[rateIndex]
        if layer == 3 { return (12 * bitrate / rate + padding) * 4 }
        let coefficient = (layer == 1 && !mpeg1) ? 72 : 144
        return coefficient * bitrate / rate + padding
    }

    static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    static func littleEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        bytes[offset..<(offset + 4)].reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }
}
