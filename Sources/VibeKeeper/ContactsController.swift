import Foundation
import Hummingbird
import PlatformCore
import VibeKeeperAPI

/// `/contacts…` and `/occasions/{id}`: the people the user gives gifts to and their dated occasions.
public struct ContactsController: Sendable {
    let contacts: ContactRepository
    let reminders: ReminderService?
    let search: IdeaSearch?
    let paging: ListPaging

    /// - Parameter cursorSecret: the server secret the contact list's cursors are signed with.
    public init(contacts: ContactRepository, cursorSecret: Data, reminders: ReminderService? = nil, search: IdeaSearch? = nil) {
        self.paging = ListPaging(secret: cursorSecret, list: "contacts")
        self.contacts = contacts
        self.reminders = reminders
        self.search = search
    }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        let routes = api.group("contacts")
        routes.get { request, context -> EditedResponse<[Contact]> in
            var v = Validator()
            let page = paging.parse(request.uri.queryParameters, for: context.userID, &v)
            try v.throwIfInvalid()
            let found = try await contacts.page(for: context.userID, limit: page.limit, cursor: page.cursor)
            return paging.response(found.contacts, next: found.nextCursor, for: context.userID)
        }
        routes.post { request, context -> EditedResponse<Contact> in
            let new = try NewContact.check(try await request.decode(as: NewContact.Input.self, context: context)).get()
            let contact = try await contacts.create(new, for: context.userID)
            return tagged(contact, updatedAt: contact.updatedAt, status: .created)
        }
        routes.get(":id") { _, context -> EditedResponse<Contact> in
            guard let contact = try await contacts.find(try Self.contactID(context), for: context.userID) else { throw Self.contactNotFound }
            return tagged(contact, updatedAt: contact.updatedAt)
        }
        routes.put(":id") { request, context -> EditedResponse<Contact> in
            let id = try Self.contactID(context)
            let input = try await request.decode(as: ContactChanges.Input.self, context: context)
            guard let contact = try await contacts.update(id, for: context.userID, with: input, ifMatch: IfMatch(request, entity: "contact")) else {
                throw Self.contactNotFound
            }
            await reminders?.sync(user: context.userID)  // reminder texts carry the name
            await search?.refresh(recipient: id, for: context.userID)  // so do the ideas' vectors
            return tagged(contact, updatedAt: contact.updatedAt)
        }
        routes.delete(":id") { request, context -> Response in
            guard try await contacts.delete(try Self.contactID(context), for: context.userID, ifMatch: IfMatch(request, entity: "contact")) else {
                throw Self.contactNotFound
            }
            await reminders?.sync(user: context.userID)  // its ideas lost their recipient
            return Response(status: .noContent)
        }
        routes.get(":id/occasions") { _, context -> [Occasion] in
            guard let occasions = try await contacts.occasions(of: try Self.contactID(context), for: context.userID) else { throw Self.contactNotFound }
            return occasions
        }
        routes.post(":id/occasions") { request, context -> EditedResponse<Occasion> in
            let id = try Self.contactID(context)
            let new = try NewOccasion.check(try await request.decode(as: NewOccasion.Input.self, context: context)).get()
            guard let occasion = try await contacts.addOccasion(new, to: id, for: context.userID) else { throw Self.contactNotFound }
            await reminders?.sync(occasion: occasion.id, for: context.userID)
            return tagged(occasion, updatedAt: occasion.updatedAt, status: .created)
        }
        let occasions = api.group("occasions")
        occasions.put(":id") { request, context -> EditedResponse<Occasion> in
            let id = try Self.occasionID(context)
            let changes = try OccasionChanges.check(try await request.decode(as: OccasionChanges.Input.self, context: context)).get()
            guard let occasion = try await contacts.updateOccasion(id, for: context.userID, with: changes, ifMatch: IfMatch(request, entity: "occasion")) else {
                throw Self.occasionNotFound
            }
            await reminders?.sync(occasion: occasion.id, for: context.userID)
            return tagged(occasion, updatedAt: occasion.updatedAt)
        }
        occasions.delete(":id") { request, context -> Response in
            guard try await contacts.deleteOccasion(try Self.occasionID(context), for: context.userID, ifMatch: IfMatch(request, entity: "occasion")) else {
                throw Self.occasionNotFound
            }
            return Response(status: .noContent)
        }
    }

    static let contactNotFound = APIError.notFound("Contact", code: "contact_not_found")
    static let occasionNotFound = APIError.notFound("Occasion", code: "occasion_not_found")

    static func contactID(_ context: AuthenticatedContext) throws -> ContactID { try pathID(context, notFound: contactNotFound) }
    static func occasionID(_ context: AuthenticatedContext) throws -> OccasionID { try pathID(context, notFound: occasionNotFound) }
}

extension Contact: ResponseEncodable {}
extension Occasion: ResponseEncodable {}
