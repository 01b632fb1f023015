import Foundation
import MediaStorage
import NIOCore
import TestSupport
import Testing

@testable import PlatformCore

/// Upload parsing and checking: multipart framing, formats by magic bytes, whole vs cut-off files,
/// and the local media store's keys.
@Suite("Media uploads")
struct MediaUploadTests {
    @Test("every sample format is recognised by its bytes, and refused when cut off")
    func formats() {
        let samples: [(Data, MediaFormat)] = [
            (SampleMedia.jpeg(), .jpeg), (SampleMedia.png(), .png), (SampleMedia.wav(), .wav), (SampleMedia.mp3(), .mp3), (SampleMedia.m4a(), .m4a),
        ]
        for (data, format) in samples {
            #expect(MediaSniffer.inspect(data) == .valid(format), "\(format)")
            #expect(MediaSniffer.inspect(SampleMedia.truncated(data)) == .truncated(format), "\(format) cut off")
        }
        #expect(MediaSniffer.inspect(Data()) == .empty)
        #expect(MediaSniffer.inspect(Data("just some text, not a picture".utf8)) == .unrecognised)
        // GIF: header and trailer.
        let gif = Data(Array("GIF89a".utf8) + Array(repeating: 0, count: 20) + [0x3B])
        #expect(MediaSniffer.inspect(gif) == .valid(.gif))
        #expect(MediaSniffer.inspect(gif.dropLast()) == .truncated(.gif))
        // WebP shares RIFF with WAV; the form type tells them apart.
        var webp = Array("RIFF".utf8) + [16, 0, 0, 0] + Array("WEBP".utf8) + Array("VP8 ".utf8) + Array(repeating: 0, count: 8)
        #expect(MediaSniffer.inspect(Data(webp)) == .valid(.webp))
        webp.removeLast(4)
        #expect(MediaSniffer.inspect(Data(webp)) == .truncated(.webp))
        // An ISO file without the box that describes its media (an interrupted recording) is cut off.
        let noMoov = Data(Array(SampleMedia.m4a()).prefix(32)) + Data([0, 0, 0, 8] + Array("free".utf8))
        #expect(MediaSniffer.inspect(noMoov) == .truncated(.m4a))
        // An MP3 whose last frame runs past the end is cut off; ID3v1 tag bytes after the last frame are fine.
        #expect(MediaSniffer.inspect(SampleMedia.mp3() + Data(Array("TAG".utf8) + Array(repeating: 0, count: 125))) == .valid(.mp3))
        // Formats map to the kind and content type the server stores.
        #expect(MediaFormat.m4a.kind == .audio && MediaFormat.m4a.contentType == "audio/mp4")
        #expect(MediaFormat.heic.kind == .image && MediaFormat.jpeg.contentType == "image/jpeg")
    }

    @Test("multipart bodies split into named parts with filenames, content types and exact bytes; broken framing is refused")
    func multipart() throws {
        var body = MultipartBody()
        body.field("caption", "for Dad; \"quoted\"")
        let bytes = SampleMedia.jpeg() + Data("\r\n--not-the-boundary\r\n".utf8) + SampleMedia.jpeg()
        body.file("image_file", filename: "photo 1.jpg", contentType: "image/jpeg", bytes)
        let form = try MultipartForm(parsing: body.finished, boundary: body.boundary)
        #expect(form.parts.map(\.name) == ["caption", "image_file"])
        #expect(form.field("caption") == "for Dad; \"quoted\"")
        #expect(form.part("image_file")?.body == bytes)
        #expect(form.part("image_file")?.filename == "photo 1.jpg")
        #expect(MultipartForm.parameters("form-data; name=\"a\"; filename=\"x \\\"y\\\".jpg\"").values["filename"] == "x \"y\".jpg")
        #expect(form.part("image_file")?.contentType == "image/jpeg")

        // A preamble before the first boundary is skipped.
        let withPreamble = Data("This is a preamble.\r\n".utf8) + body.finished
        #expect(try MultipartForm(parsing: withPreamble, boundary: body.boundary).parts.count == 2)

        // Boundaries come from the content type (quoted or not, 1–70 characters).
        #expect(MultipartForm.boundary(of: "multipart/form-data; boundary=abc") == "abc")
        #expect(MultipartForm.boundary(of: "Multipart/Form-Data; charset=utf-8; boundary=\"a b\"") == "a b")
        #expect(MultipartForm.boundary(of: "multipart/form-data") == nil)
        #expect(MultipartForm.boundary(of: "multipart/form-data; boundary=" + String(repeating: "x", count: 71)) == nil)
        #expect(MultipartForm.boundary(of: "application/json") == nil)

        // Broken framing: no closing boundary, no boundary at all, a part without a name.
        #expect(throws: MultipartForm.Malformed.self) { try MultipartForm(parsing: body.data.dropLast(10), boundary: body.boundary) }
        #expect(throws: MultipartForm.Malformed.self) { try MultipartForm(parsing: Data("hello".utf8), boundary: body.boundary) }
        let nameless = Data("--b\r\nContent-Disposition: form-data\r\n\r\nx\r\n--b--\r\n".utf8)
        #expect(throws: MultipartForm.Malformed.self) { try MultipartForm(parsing: nameless, boundary: "b") }
        let headerless = Data("--b\r\n\r\nx\r\n--b--\r\n".utf8)
        #expect(throws: MultipartForm.Malformed.self) { try MultipartForm(parsing: headerless, boundary: "b") }
        // Too many parts.
        var many = MultipartBody()
        for index in 0...MultipartForm.maxParts { many.field("f\(index)", "x") }
        #expect(throws: MultipartForm.Malformed.self) { try MultipartForm(parsing: many.finished, boundary: many.boundary) }
    }

    @Test("a 25 MiB part parses without a byte-at-a-time scan")
    func largePart() async throws {
        // Off the cooperative pool: in the debug build this takes tens of seconds of one core.
        let (parsed, expected) = try await onOwnThread {
            var body = MultipartBody()
            let big = Data(repeating: 0x2D, count: 25 << 20)  // all '-': many false starts of the delimiter
            body.file("voice_file", filename: "a.wav", contentType: "audio/wav", big)
            let form = try MultipartForm(parsing: body.finished, boundary: body.boundary)
            return (form.part("voice_file")?.body.count, big.count)
        }
        #expect(parsed == expected)
    }

    @Test("the local store writes whole files under safe keys, reads them back, and deletes them with their empty folders")
    func localStore() async throws {
        let folder = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = LocalMediaStore(directory: folder)
        try await store.put(Data("one".utf8), key: "app/user/asset", contentType: "image/png")
        #expect(try await store.get("app/user/asset") == Data("one".utf8))
        try await store.put(Data("two".utf8), key: "app/user/asset", contentType: "image/png")
        #expect(try await store.get("app/user/asset") == Data("two".utf8))
        #expect(try await store.get("app/user/other") == nil)
        // No temporary files are left beside it.
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("app/user").path) == ["asset"])
        try await store.delete("app/user/asset")
        try await store.delete("app/user/asset")  // twice: not an error
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("app").path))
        for key in ["../escape", "a/../../b", "/absolute", "a//b", "a/./b", "sp ace", ""] {
            await #expect(throws: MediaKey.Invalid.self, "\(key)") { try await store.put(Data("x".utf8), key: key, contentType: "image/png") }
        }
    }
}

/// The S3-compatible store against a fake bucket that checks SigV4 signatures and payload hashes.
@Suite("S3 media store")
struct S3MediaStoreTests {
    @Test("puts, gets and deletes objects path-style with signed requests; a missing object is nil; a wrong secret is refused")
    func roundTrip() async throws {
        let fake = FakeS3()
        try await fake.run { endpoint in
            let configuration = S3MediaStore.Configuration(
                endpoint: endpoint, bucket: "media", region: "eu-west-1", accessKeyID: FakeS3.accessKey, secretAccessKey: FakeS3.secretKey)
            let store = S3MediaStore(configuration: configuration)
            let photo = SampleMedia.jpeg()
            try await store.put(photo, key: "vibekeeper/u1/a1", contentType: "image/jpeg")
            #expect(fake.refusals.value.isEmpty, "\(fake.refusals.value)")
            #expect(fake.objects.value["/media/vibekeeper/u1/a1"]?.data == photo)
            #expect(fake.objects.value["/media/vibekeeper/u1/a1"]?.contentType == "image/jpeg")
            #expect(try await store.get("vibekeeper/u1/a1") == photo)
            #expect(try await store.get("vibekeeper/u1/none") == nil)
            try await store.delete("vibekeeper/u1/a1")
            try await store.delete("vibekeeper/u1/a1")  // a missing key is not an error
            #expect(fake.objects.value.isEmpty)
            #expect(fake.refusals.value.isEmpty)

            var wrong = configuration
            wrong.secretAccessKey = "not-the-secret"
            await #expect(throws: S3MediaStore.Failure.self) { try await S3MediaStore(configuration: wrong).put(photo, key: "k", contentType: "image/jpeg") }
            #expect(fake.refusals.value.count == 1 && fake.refusals.value[0].contains("SignatureDoesNotMatch"))
            await #expect(throws: MediaKey.Invalid.self) { try await store.put(photo, key: "../x", contentType: "image/jpeg") }
        }
    }
}
