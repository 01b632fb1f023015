import Foundation
import PlatformAPI

/// The body of `POST /artifacts`, every field optional so what is missing is a 422 naming it.
public struct ArtifactInput: Codable, Sendable, Equatable {
    enum CodingKeys: String, CodingKey { case artifactType = "artifact_type", title, payload }
    public var artifactType: String?
    public var title: String?
    public var payload: JSONValue?

    public init(artifactType: String?, title: String? = nil, payload: JSONValue?) {
        self.artifactType = artifactType
        self.title = title
        self.payload = payload
    }

    /// A checked artifact: its type, the trimmed title (nil: the server names it) and the payload.
    public struct Entry: Sendable, Equatable {
        public var artifactType: ArtifactType
        public var title: String?
        public var payload: JSONValue
    }

    /// `artifact_type` one of ``ArtifactType``; `title` at most ``ArtifactRules/maxTitleLength``
    /// characters once trimmed (blank or absent: generated); `payload` an object holding its type's
    /// keys (``ArtifactPayloadShape``) of at most ``ArtifactRules/maxPayloadBytes`` as compact JSON.
    public static func check(_ input: ArtifactInput) -> Checked<Entry> {
        var v = Validator()
        let type = v.requireEnum(input.artifactType, "artifact_type", as: ArtifactType.self)
        let title = v.optionalText(input.title, "title", maxLength: ArtifactRules.maxTitleLength)
        if let payload = input.payload, payload != .null {
            let size = (try? payload.data().count) ?? Int.max
            if size > ArtifactRules.maxPayloadBytes {
                v.fail("payload", "must be at most \(ArtifactRules.maxPayloadBytes) bytes as JSON (got \(size))")
            } else if let type {
                ArtifactPayloadShape.of(type).check(payload, at: "payload", &v)
            } else if case .object = payload {
            } else {
                v.fail("payload", "must be a JSON object")
            }
        } else {
            v.fail("payload", "is required")
        }
        return .from(v) {
            guard let type, let payload = input.payload else { return nil }
            return Entry(artifactType: type, title: title, payload: payload)
        }
    }
}
