import ClientCore
import Foundation
import PlatformAPI
import Testing

/// The shared paging pieces every SDK uses: the next cursor from `X-Next-Cursor`, the page query,
/// and every page in turn.
@Suite("ClientCore list page")
struct ListPageTests {
    @Test("The next cursor is the X-Next-Cursor header, whatever its case; an empty or missing one means the last page")
    func cursorFromHeader() {
        #expect(ListPage(items: [1], of: HTTPResponseData(status: 200, headers: ["x-next-cursor": "c2"])).nextCursor == "c2")
        #expect(ListPage(items: [1], of: HTTPResponseData(status: 200, headers: ["X-Next-Cursor": ""])).nextCursor == nil)
        #expect(ListPage(items: [1], of: HTTPResponseData(status: 200)).nextCursor == nil)
    }

    @Test("A page's query names only what is given")
    func pageQuery() {
        #expect([URLQueryItem].page(limit: nil, cursor: nil).isEmpty)
        #expect([URLQueryItem].page(limit: 20, cursor: "c2") == [URLQueryItem(name: "limit", value: "20"), URLQueryItem(name: "cursor", value: "c2")])
    }

    @Test("Every page is asked in turn, from no cursor to the last page's")
    func allPages() async throws {
        var asked: [String?] = []
        let items = try await ListPage<Int>.all { cursor in
            asked.append(cursor)
            return cursor == nil ? ListPage(items: [1, 2], nextCursor: "c2") : ListPage(items: [3], nextCursor: nil)
        }
        #expect(items == [1, 2, 3] && asked == [nil, "c2"])
    }
}

/// The form errors every SDK's forms share.
@Suite("ClientCore form errors")
struct FormErrorsTests {
    @Test("A 422 marks its fields (the first message per field); any other failure is the screen's one line")
    func fromErrors() {
        let refused = ClientError.validation(
            message: "Invalid", fields: [FieldError(field: "max_price_cents", message: "too low"), FieldError(field: "max_price_cents", message: "again")])
        let errors = FormErrors(refused)
        #expect(errors["max_price_cents"] == "too low" && errors.message == nil)
        let offline = FormErrors(ClientError.offline("no network"))
        #expect(offline.fields.isEmpty && offline.message == ScreenText.message(ClientError.offline("no network")))
        #expect(FormErrors(ClientError.validation(message: "Not allowed", fields: [])).message == "Not allowed")
    }

    @Test("only keeps the fields under the given paths and the message")
    func only() {
        let errors = FormErrors(fields: [FieldError(field: "kids[0].age", message: "a"), FieldError(field: "name", message: "b")], message: "m")
        #expect(errors.only(["kids"]) == FormErrors(fields: [FieldError(field: "kids[0].age", message: "a")], message: "m"))
    }

    @Test("clear forgets one field's message and keeps the other fields and the message")
    func clear() {
        var errors = FormErrors(fields: [FieldError(field: "origin", message: "a"), FieldError(field: "destination", message: "b")], message: "m")
        errors.clear("origin")
        #expect(errors == FormErrors(fields: [FieldError(field: "destination", message: "b")], message: "m"))
        errors.clear("origin")
        errors.clear("destination")
        #expect(errors.fields.isEmpty && errors.message == "m" && !errors.isEmpty)
    }
}
