import Foundation
import PlatformCore
import TestSupport
import Testing

@testable import MediaStorage

/// Listing the media stores (a folder, and an S3 bucket through `ListObjectsV2` against the fake
/// that speaks S3's wire format) and the orphan sweep on both: a file without a row is removed once
/// it is an hour old, a younger one and one with a row are kept.
@Suite("Media listings and the orphan sweep")
struct MediaListingTests {
    static let hour: TimeInterval = 3600

    /// Moves a local file's modification time back by `seconds`.
    static func age(_ store: LocalMediaStore, _ key: String, by seconds: TimeInterval) throws {
        let url = store.directory.appendingPathComponent(key)
        let modified = try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate] as? Date ?? Date()
        try FileManager.default.setAttributes([.modificationDate: modified.addingTimeInterval(-seconds)], ofItemAtPath: url.path)
    }

    @Test("the local store lists the files under a prefix in key order with their write times, temporary files of writes included")
    func localListing() async throws {
        let folder = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = LocalMediaStore(directory: folder)
        let before = Date().addingTimeInterval(-5)
        for key in ["app/u2/b", "app/u1/a", "app/u1/c", "other/u1/a"] { try await store.put(Data(key.utf8), key: key, contentType: "image/png") }
        // What a write stopped halfway leaves: a temporary file beside the keys.
        try Data("half".utf8).write(to: folder.appendingPathComponent("app/u1/.c.1234.partial"))

        let all = try await store.list(prefix: "app/", continuation: nil)
        #expect(all.objects.map(\.key) == ["app/u1/.c.1234.partial", "app/u1/a", "app/u1/c", "app/u2/b"] && all.continuation == nil)
        #expect(all.objects.allSatisfy { $0.modifiedAt > before && $0.modifiedAt < Date().addingTimeInterval(5) })
        #expect(try await store.list(prefix: "app/u1/", continuation: nil).objects.map(\.key) == ["app/u1/.c.1234.partial", "app/u1/a", "app/u1/c"])
        #expect(try await store.list(prefix: "app/u1/a", continuation: nil).objects.map(\.key) == ["app/u1/a"])
        #expect(try await store.list(prefix: "", continuation: nil).objects.count == 5)
        #expect(try await store.list(prefix: "nothing/here/", continuation: nil).objects.isEmpty)
        await #expect(throws: MediaKey.Invalid.self) { try await store.list(prefix: "../", continuation: nil) }

        // Everything of one user's goes, the folders with it; the others stay.
        #expect(try await store.removeObjects(under: "app/u1/") == 3)
        #expect(!FileManager.default.fileExists(atPath: folder.appendingPathComponent("app/u1").path))
        #expect(try await store.list(prefix: "", continuation: nil).objects.map(\.key) == ["app/u2/b", "other/u1/a"])
    }

    @Test("the orphan sweep on the local store: an hour-old file without a row goes, a young one and one with a row stay, other prefixes are not looked at")
    func localSweep() async throws {
        let folder = makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let store = LocalMediaStore(directory: folder)
        for key in ["app/u1/orphan", "app/u1/young", "app/u1/kept", "elsewhere/u1/orphan"] {
            try await store.put(Data("x".utf8), key: key, contentType: "image/png")
        }
        try Data("half".utf8).write(to: folder.appendingPathComponent("app/u1/.crashed.partial"))
        for key in ["app/u1/orphan", "app/u1/kept", "elsewhere/u1/orphan", "app/u1/.crashed.partial"] { try Self.age(store, key, by: Self.hour + 60) }
        let asked = LockedValue<[String]>([])
        let sweep = OrphanMediaSweep(store: store, prefix: "app/") { keys in
            asked.withLock { $0 += keys }
            return Set(keys.filter { $0.hasSuffix("/kept") })
        }
        #expect(try await sweep.run(now: Date()) == 2)
        #expect(try await store.list(prefix: "", continuation: nil).objects.map(\.key) == ["app/u1/kept", "app/u1/young", "elsewhere/u1/orphan"])
        // Only old files are looked up: the young one is not even asked about.
        #expect(Set(asked.value) == ["app/u1/orphan", "app/u1/kept", "app/u1/.crashed.partial"])
        // An hour later the young file is old too, and goes.
        #expect(try await sweep.run(now: Date().addingTimeInterval(Self.hour + 60)) == 1)
        #expect(try await store.list(prefix: "app/", continuation: nil).objects.map(\.key) == ["app/u1/kept"])
    }

    @Test("ListObjectsV2 against the fake bucket: signed, paged by continuation token, only the prefix's keys, write times read back")
    func s3Listing() async throws {
        let fake = FakeS3(pageSize: 2)
        try await fake.run { endpoint in
            let store = S3MediaStore(
                configuration: .init(endpoint: endpoint, bucket: "media", region: "eu-west-1", accessKeyID: FakeS3.accessKey, secretAccessKey: FakeS3.secretKey))
            let keys = ["vibekeeper/u1/a", "vibekeeper/u1/b", "vibekeeper/u1/c", "vibekeeper/u2/d", "vibekeeper/u2/e", "knot/u1/f"]
            for key in keys { try await store.put(Data(key.utf8), key: key, contentType: "image/png") }
            let written = Date(timeIntervalSince1970: 1_800_000_000.25)
            fake.objects.withLock { objects in for path in objects.keys { objects[path]?.modifiedAt = written } }

            var pages: [MediaListing] = []
            var continuation: String?
            repeat {
                let page = try await store.list(prefix: "vibekeeper/", continuation: continuation)
                pages.append(page)
                continuation = page.continuation
            } while continuation != nil && pages.count < 10
            #expect(pages.map { $0.objects.count } == [2, 2, 1])
            #expect(pages.flatMap(\.objects).map(\.key) == keys.filter { $0.hasPrefix("vibekeeper/") })
            #expect(pages.flatMap(\.objects).allSatisfy { abs($0.modifiedAt.timeIntervalSince(written)) < 0.001 })
            #expect(try await store.list(prefix: "vibekeeper/u2/", continuation: nil).objects.map(\.key) == ["vibekeeper/u2/d", "vibekeeper/u2/e"])
            #expect(try await store.list(prefix: "none/", continuation: nil) == MediaListing(objects: [], continuation: nil))
            #expect(fake.refusals.value.isEmpty, "\(fake.refusals.value)")

            // A key the server never makes (someone else's in a shared bucket) is listed, unescaped,
            // and never removed.
            fake.objects.withLock { $0["/media/vibekeeper/u1/a&b <c>"] = (Data("x".utf8), "text/plain", written) }
            #expect(try await store.list(prefix: "vibekeeper/u1/a", continuation: nil).objects.map(\.key) == ["vibekeeper/u1/a", "vibekeeper/u1/a&b <c>"])
            #expect(try await store.removeObjects(under: "vibekeeper/u1/") == 3)
            #expect(Set(fake.objects.value.keys) == ["/media/vibekeeper/u1/a&b <c>", "/media/vibekeeper/u2/d", "/media/vibekeeper/u2/e", "/media/knot/u1/f"])
            #expect(fake.refusals.value.isEmpty, "\(fake.refusals.value)")
        }
    }

    @Test("the orphan sweep on the S3 store: an hour-old object without a row goes, a young one and one with a row stay")
    func s3Sweep() async throws {
        let fake = FakeS3(pageSize: 2)
        try await fake.run { endpoint in
            let store = S3MediaStore(
                configuration: .init(endpoint: endpoint, bucket: "media", region: "eu-west-1", accessKeyID: FakeS3.accessKey, secretAccessKey: FakeS3.secretKey))
            for key in ["app/u1/orphan", "app/u1/young", "app/u1/kept", "app/u2/orphan", "elsewhere/u1/orphan"] {
                try await store.put(Data("x".utf8), key: key, contentType: "image/png")
            }
            fake.objects.withLock { objects in
                for path in ["/media/app/u1/orphan", "/media/app/u1/kept", "/media/app/u2/orphan", "/media/elsewhere/u1/orphan"] {
                    objects[path]?.modifiedAt.addTimeInterval(-(Self.hour + 60))
                }
            }
            let sweep = OrphanMediaSweep(store: store, prefix: "app/") { keys in Set(keys.filter { $0.hasSuffix("/kept") }) }
            #expect(try await sweep.run(now: Date()) == 2)
            #expect(Set(fake.objects.value.keys) == ["/media/app/u1/young", "/media/app/u1/kept", "/media/elsewhere/u1/orphan"])
            #expect(fake.refusals.value.isEmpty, "\(fake.refusals.value)")
        }
    }

    @Test("ListBucketResult as S3 documents it is read; a truncated page without a token, or something else, is not")
    func listingDocument() throws {
        let document = """
            <?xml version="1.0" encoding="UTF-8"?>
            <ListBucketResult xmlns="http://s3.amazonaws.com/doc/2006-03-01/">
                <Name>bucket</Name>
                <Prefix/>
                <KeyCount>2</KeyCount>
                <MaxKeys>1000</MaxKeys>
                <IsTruncated>true</IsTruncated>
                <NextContinuationToken>1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=</NextContinuationToken>
                <Contents>
                    <Key>happy face.jpg</Key>
                    <LastModified>2014-11-21T19:40:05.000Z</LastModified>
                    <ETag>&quot;70ee1738b6b21e2c8a43f3a5ab0eee71&quot;</ETag>
                    <Size>11</Size>
                    <StorageClass>STANDARD</StorageClass>
                </Contents>
                <Contents>
                    <Key>a&amp;b&#x2F;&#233;</Key>
                    <LastModified>2014-11-21T19:40:06Z</LastModified>
                    <ETag>&quot;becf17f89c30367a9a44495d62ed521a-1&quot;</ETag>
                    <Size>4192256</Size>
                    <StorageClass>STANDARD</StorageClass>
                </Contents>
            </ListBucketResult>
            """
        let listing = try #require(S3ListingParser.parse(Data(document.utf8)))
        #expect(listing.objects.map(\.key) == ["happy face.jpg", "a&b/é"])
        #expect(listing.objects.map(\.modifiedAt) == [Date(timeIntervalSince1970: 1_416_598_805), Date(timeIntervalSince1970: 1_416_598_806)])
        #expect(listing.continuation == "1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=")
        let last = document.replacingOccurrences(of: "<IsTruncated>true</IsTruncated>", with: "<IsTruncated>false</IsTruncated>")
        #expect(S3ListingParser.parse(Data(last.utf8))?.continuation == nil)
        let noToken = document.replacingOccurrences(of: "<NextContinuationToken>1ueGcxLPRx1Tr/XYExHnhbYLgveDs2J/wm36Hy4vbOwM=</NextContinuationToken>", with: "")
        #expect(S3ListingParser.parse(Data(noToken.utf8)) == nil)
        #expect(S3ListingParser.parse(Data(document.replacingOccurrences(of: "2014-11-21T19:40:06Z", with: "yesterday").utf8)) == nil)
        #expect(S3ListingParser.parse(Data(document.replacingOccurrences(of: "&#233;", with: "&eacute;").utf8)) == nil)
        #expect(S3ListingParser.parse(Data("<Error><Code>AccessDenied</Code></Error>".utf8)) == nil)
        #expect(S3ListingParser.parse(Data("<ListBucketResult><IsTruncated>false</IsTruncated></ListBucketResult>".utf8)) == MediaListing(objects: [], continuation: nil))
    }
}
