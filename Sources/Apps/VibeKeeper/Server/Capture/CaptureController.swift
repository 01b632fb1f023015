import AppPlatform
import Foundation
import HTTPTypes
import Hummingbird
import MediaStorage
import NIOCore
import Persistence
import PlatformCore
import VibeKeeperAPI

/// Captures (docs/vibekeeper.md, "API"): text, voice and photo, the unified form route, and the review queue of
/// captures the extractor was not sure of.
public struct CaptureController: Sendable {
    let capture: CaptureService
    let media: MediaCapture?
    let ideas: GiftIdeaRepository
    let effects: WriteEffects
    /// The review queue's paging.
    let paging: ListPaging

    /// - Parameter cursorSecret: the server secret the review queue's cursors are signed with.
    public init(capture: CaptureService, media: MediaCapture? = nil, ideas: GiftIdeaRepository, cursorSecret: Data, effects: WriteEffects) {
        self.paging = ListPaging(secret: cursorSecret, list: "vibekeeper.capture-review")
        self.capture = capture
        self.media = media
        self.ideas = ideas
        self.effects = effects
    }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(VibeKeeperRoutes.captureText, use: text)
        api.on(VibeKeeperRoutes.captureVoice, use: voice)
        api.on(VibeKeeperRoutes.captureImage, use: image)
        api.on(VibeKeeperRoutes.capture, use: unified)
        api.on(VibeKeeperRoutes.reviewQueue, checkingFurther: reviewQueue)
        api.on(VibeKeeperRoutes.acceptReview, use: accept)
        api.on(VibeKeeperRoutes.discardReview, use: discard)
    }

    @Sendable func text(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> CaptureResult {
        let form = try await CaptureForm.read(request, context: context, parts: ["text_content"])
        return try await capture.capture(text: try form.requiredText("text_content"), for: context.userID)
    }

    @Sendable func voice(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> CaptureResult {
        let form = try await CaptureForm.read(request, context: context, parts: ["voice_file", "transcript"], fileField: "voice_file")
        let transcript = try form.optionalText("transcript")
        let upload = try form.upload("voice_file", kind: .audio)
        return try await mediaCapture().voice(upload, transcript: transcript, for: context.userID)
    }

    @Sendable func image(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> CaptureResult {
        let form = try await CaptureForm.read(request, context: context, parts: ["image_file", "caption"], fileField: "image_file")
        let caption = try form.optionalText("caption")
        let upload = try form.upload("image_file", kind: .image)
        return try await mediaCapture().image(upload, caption: caption, for: context.userID)
    }

    /// The unified route, `POST /capture`: `content_type` says which of the three it is.
    @Sendable func unified(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> CaptureResult {
        let form: CaptureForm
        do {
            form = try await CaptureForm.read(request, context: context, parts: ["content_type", "text_content", "media_file", "transcript"])
        } catch let error as APIError where error.status == .unprocessableContent {
            throw Self.invalidUnified
        }
        switch form.fields["content_type"].flatMap(CaptureContentType.init(rawValue:)) {
        case .text?:
            guard form.fields["text_content"]?.isBlank == false else { throw Self.invalidUnified }
            return try await capture.capture(text: try form.requiredText("text_content"), for: context.userID)
        case .voice?:
            guard form.files["media_file"] != nil else { throw Self.invalidUnified }
            let transcript = try form.optionalText("transcript")
            return try await mediaCapture().voice(try form.upload("media_file", kind: .audio), transcript: transcript, for: context.userID)
        case .image?:
            guard form.files["media_file"] != nil else { throw Self.invalidUnified }
            let caption = try form.optionalText("text_content")
            return try await mediaCapture().image(try form.upload("media_file", kind: .image), caption: caption, for: context.userID)
        case nil:
            throw Self.invalidUnified
        }
    }

    @Sendable func reviewQueue(
        _ request: Request, _ context: AuthenticatedContext, _: NoParameter, _ query: QueryReading<PageQuery<VibeKeeperRoutes.Pages>>
    ) async throws -> EditedResponse<[GiftIdea]> {
        let page = try paging.page(query, for: context.userID)
        let found = try await ideas.list(for: context.userID, filter: GiftIdeaFilter(), limit: page.limit, cursor: page.cursor, needsReview: true)
        return paging.response(found.ideas, next: found.nextCursor, for: context.userID)
    }

    @Sendable func accept(_ request: Request, _ context: AuthenticatedContext, _ id: GiftIdeaID) async throws -> GiftIdea {
        let edits = try await APIRequestDecoder().decodeIfPresent(GiftIdeaChanges.Input.self, from: request, context: context)
        guard let idea = try await ideas.accept(id, for: context.userID, with: edits) else {
            throw Self.notWaiting
        }
        await effects.ideaSaved(idea.id, for: context.userID)
        return idea
    }

    @Sendable func discard(_ request: Request, _ context: AuthenticatedContext, _ id: GiftIdeaID) async throws -> NoContent {
        guard let idea = try await ideas.find(id, for: context.userID), idea.needsReview,
            let keys = try await ideas.deleteReturningMedia(id, for: context.userID)
        else { throw Self.notWaiting }
        await effects.ideaDeleted(id, files: keys)
        return NoContent()
    }

    func mediaCapture() throws -> MediaCapture {
        guard let media else { throw APIError(.notImplemented, code: "media_not_configured", message: "This server does not store media.") }
        return media
    }

    static let notWaiting = APIError(.notFound, code: "review_item_not_found", message: "No capture with this id is waiting for review.")

    /// The answer to a unified capture that names no known content type or lacks its data (docs/vibekeeper.md, `POST /capture`).
    static let invalidUnified = APIError(.badRequest, code: "invalid_capture", message: "Invalid content type or missing required data")
}

/// The fields and files of a capture request, from whichever body the client sent: JSON (as the
/// SDK sends text), `application/x-www-form-urlencoded`, or `multipart/form-data`
/// (uploads). Text fields over 10,000 characters are 413, like a text capture; files are checked
/// by ``upload(_:kind:)``.
struct CaptureForm {
    var fields: [String: String] = [:]
    var files: [String: MultipartForm.Part] = [:]

    /// The text fields a capture route reads.
    static let textFields = ["content_type", "text_content", "caption", "transcript"]

    /// Reads the body. A multipart part not named in `parts` is refused (422 naming it), as is a
    /// form field whose name holds a forbidden control character. `fileField` names the upload a
    /// route requires: without a multipart body it is 422 naming that field (docs/vibekeeper.md, "Uploads").
    static func read(_ request: Request, context: AuthenticatedContext, parts allowed: Set<String>, fileField: String? = nil) async throws -> CaptureForm {
        let contentType = request.headers[.contentType]
        if MultipartForm.isMultipart(contentType) {
            guard let boundary = MultipartForm.boundary(of: contentType) else {
                throw APIError(.badRequest, code: "malformed_multipart", message: "multipart/form-data needs a boundary parameter of 1–70 characters.")
            }
            let body = try await request.collectBody(upTo: context.maxUploadBytes)
            let parsed: MultipartForm
            do {
                parsed = try MultipartForm(parsing: body, boundary: boundary)
            } catch let error as MultipartForm.Malformed {
                throw APIError(.badRequest, code: "malformed_multipart", message: "The multipart body is malformed: \(error.description).")
            }
            var form = CaptureForm()
            var v = Validator()
            let unknown = Set(parsed.parts.map(\.name)).subtracting(allowed)
            for name in unknown.sorted() { v.fail(name, "is not a part of this form (it takes \(allowed.sorted().joined(separator: ", ")))") }
            for part in parsed.parts where allowed.contains(part.name) && form.files[part.name] == nil && form.fields[part.name] == nil {
                if textFields.contains(part.name), part.filename == nil {
                    guard let text = part.text else {
                        v.fail(part.name, "must be UTF-8 text")
                        continue
                    }
                    form.fields[part.name] = text
                } else {
                    form.files[part.name] = part
                }
            }
            try v.throwIfInvalid()
            try form.checkLengths()
            return form
        }
        if let fileField {
            throw APIError.validation([FieldError(field: fileField, message: "is required: send the file as multipart/form-data")])
        }
        let body = try await request.collectBody(upTo: context.maxBodyBytes)
        let data = Data(body.readableBytesView)
        var form = CaptureForm()
        if contentType?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true {
            guard let fields = FormURLEncoded.parse(data) else {
                throw APIError.validation([FieldError(field: "body", message: "is not valid application/x-www-form-urlencoded")])
            }
            // Every field is text, known or not: none may hold a forbidden control character.
            var v = Validator()
            for (name, value) in fields.sorted(by: { $0.key < $1.key }) where v.acceptsControlCharacters(in: name, name) {
                _ = v.acceptsControlCharacters(in: value, name)
            }
            try v.throwIfInvalid()
            form.fields = fields.filter { textFields.contains($0.key) }
        } else {
            try APIRequestDecoder.requireJSON(contentType, bodyIsEmpty: data.isEmpty)
            let json = try APIRequestDecoder.decode(CaptureJSON.self, from: data)
            form.fields = [
                "content_type": json.contentType, "text_content": json.textContent, "caption": json.caption, "transcript": json.transcript,
            ].compactMapValues { $0 }
        }
        try form.checkLengths()
        return form
    }

    /// A text over the capture limit is 413 (it is too much, not wrong); one with a character stacking
    /// too many code points is 422 (``CharacterCount``).
    func checkLengths() throws {
        for name in ["text_content", "caption", "transcript"] {
            guard let text = fields[name] else { continue }
            guard let count = CharacterCount.of(text.trimmedOfWhitespace) else {
                throw APIError.validation([FieldError(field: name, message: CharacterCount.message)])
            }
            if count > VibeKeeperRules.maxTextCapture {
                throw APIError(
                    .contentTooLarge, code: "capture_too_long", message: "\(name) holds at most \(VibeKeeperRules.maxTextCapture) characters.")
            }
        }
    }

    func requiredText(_ name: String) throws -> String {
        var v = Validator()
        let text = v.requireText(fields[name], name, maxLength: VibeKeeperRules.maxTextCapture)
        try v.throwIfInvalid()
        return text!
    }

    /// Trimmed; empty is none.
    func optionalText(_ name: String) throws -> String? {
        var v = Validator()
        let text = v.optionalText(fields[name], name, maxLength: VibeKeeperRules.maxTextCapture)
        try v.throwIfInvalid()
        return text
    }

    /// The file in `name`, checked by its bytes: missing, empty, not a supported `kind` of file, or
    /// cut off → 422 naming the field; over the kind's limit → 413.
    func upload(_ name: String, kind: MediaFormat.Kind) throws -> MediaCapture.Upload {
        guard let part = files[name] else { throw APIError.validation([FieldError(field: name, message: "is required")]) }
        let limit = kind == .image ? VibeKeeperRules.maxImageBytes : VibeKeeperRules.maxAudioBytes
        if part.body.count > limit {
            throw APIError(.contentTooLarge, code: "file_too_large", message: "\(name) is larger than \(limit >> 20) MiB.")
        }
        let accepted = kind == .image ? "a JPEG, PNG, GIF, WebP or HEIC image" : "an M4A, WAV or MP3 recording"
        switch MediaSniffer.inspect(part.body) {
        case .valid(let format) where format.kind == kind:
            return MediaCapture.Upload(data: part.body, format: format)
        case .empty:
            throw APIError.validation([FieldError(field: name, message: "is empty")])
        case .truncated(let format) where format.kind == kind:
            throw APIError.validation([FieldError(field: name, message: "is cut off: the \(format.rawValue) file ends before its data does")])
        case .valid, .truncated, .unrecognised:
            throw APIError.validation([FieldError(field: name, message: "must be \(accepted) (recognised by its content, not its name)")])
        }
    }
}

/// The JSON body of a capture (text only: files come as multipart/form-data).
struct CaptureJSON: Decodable {
    enum CodingKeys: String, CodingKey { case contentType = "content_type", textContent = "text_content", caption, transcript }
    var contentType: String?
    var textContent: String?
    var caption: String?
    var transcript: String?
}

extension CaptureResult: ResponseEncodable {}
