import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import Persistence
import PlatformCore
import VibeKeeperAPI

/// `/capture…` (seed 3.4): text captures and the review queue of captures the extractor was not
/// sure of.
public struct CaptureController: Sendable {
    let capture: CaptureService
    let ideas: GiftIdeaRepository
    let reminders: ReminderService?
    let search: IdeaSearch?

    public init(capture: CaptureService, ideas: GiftIdeaRepository, reminders: ReminderService? = nil, search: IdeaSearch? = nil) {
        self.capture = capture
        self.ideas = ideas
        self.reminders = reminders
        self.search = search
    }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        let routes = api.group("capture")
        routes.post("text") { request, context -> CaptureResult in
            let text = try await Self.textContent(of: request, context: context)
            return try await capture.capture(text: text, for: context.userID)
        }
        routes.get("review") { request, context -> EditedResponse<[GiftIdea]> in
            var v = Validator()
            let query = request.uri.queryParameters
            v.onlyKnownParameters(query.map { String($0.key) }, allowed: ["limit", "cursor"])
            let paging = PageQuery.parse(query, &v)
            try v.throwIfInvalid()
            return PageQuery.response(
                try await ideas.list(for: context.userID, filter: GiftIdeaFilter(), limit: paging.limit, cursor: paging.cursor, needsReview: true))
        }
        routes.post("review/:id/accept") { request, context -> GiftIdea in
            let id = try GiftIdeasController.ideaID(context)
            let edits = try await APIRequestDecoder().decodeIfPresent(GiftIdeaChanges.Input.self, from: request, context: context)
            guard let idea = try await GiftIdeasController.recipientChecked({ try await ideas.accept(id, for: context.userID, with: edits) }) else {
                throw Self.notWaiting
            }
            await reminders?.sync(idea: idea.id, for: context.userID)
            await search?.refresh(idea.id, for: context.userID)
            return idea
        }
        routes.delete("review/:id") { _, context -> Response in
            let id = try GiftIdeasController.ideaID(context)
            guard let idea = try await ideas.find(id, for: context.userID), idea.needsReview, try await ideas.delete(id, for: context.userID) else {
                throw Self.notWaiting
            }
            await search?.remove(id)
            return Response(status: .noContent)
        }
    }

    static let notWaiting = APIError(.notFound, code: "review_item_not_found", message: "No capture with this id is waiting for review.")

    /// `text_content` from a form (`application/x-www-form-urlencoded`, as the seed's client sends
    /// it) or a JSON body: required, not blank, at most 10,000 characters (longer: 413).
    static func textContent(of request: Request, context: AuthenticatedContext) async throws -> String {
        let limit = context.maxBodyBytes
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: limit)
        } catch is NIOTooManyBytesError {
            throw APIError.payloadTooLarge(limit: limit)
        }
        let data = Data(buffer.readableBytesView)
        let raw: String?
        if request.headers[.contentType]?.lowercased().hasPrefix("application/x-www-form-urlencoded") == true {
            guard let fields = FormURLEncoded.parse(data) else {
                throw APIError.validation([FieldError(field: "text_content", message: "the form is not valid application/x-www-form-urlencoded")])
            }
            raw = fields["text_content"]
        } else {
            raw = try APIRequestDecoder.decode(TextCapture.self, from: data).textContent
        }
        if let raw, raw.trimmedOfWhitespace.count > VibeKeeperRules.maxTextCapture {
            throw APIError(
                .contentTooLarge, code: "capture_too_long", message: "A text capture holds at most \(VibeKeeperRules.maxTextCapture) characters.")
        }
        var v = Validator()
        let text = v.requireText(raw, "text_content", maxLength: VibeKeeperRules.maxTextCapture)
        try v.throwIfInvalid()
        return text!
    }
}

/// `application/x-www-form-urlencoded` bodies: `+` is a space, `%XX` a byte of UTF-8; the first
/// value of a repeated name wins. Nil when the percent-encoding or the UTF-8 is broken.
enum FormURLEncoded {
    static func parse(_ data: Data) -> [String: String]? {
        guard let text = String(data: data, encoding: .utf8) else { return nil }
        var fields: [String: String] = [:]
        for pair in text.split(separator: "&", omittingEmptySubsequences: true) {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard let name = decode(parts[0]), let value = decode(parts.count > 1 ? parts[1] : "") else { return nil }
            if fields[name] == nil { fields[name] = value }
        }
        return fields
    }

    static func decode(_ component: Substring) -> String? {
        component.replacingOccurrences(of: "+", with: " ").removingPercentEncoding
    }
}

extension CaptureResult: ResponseEncodable {}
