import AppPlatform
import Foundation
import Hummingbird
import PlatformCore
import VibeKeeperAPI

/// Contacts and their occasions: the people the user gives gifts to and their dated occasions.
public struct ContactsController: Sendable {
    let contacts: ContactRepository
    let effects: WriteEffects
    let paging: ListPaging

    /// - Parameter cursorSecret: the server secret the contact list's cursors are signed with.
    public init(contacts: ContactRepository, cursorSecret: Data, effects: WriteEffects) {
        self.paging = ListPaging(secret: cursorSecret, list: "vibekeeper.contacts")
        self.contacts = contacts
        self.effects = effects
    }

    public func addRoutes(to api: RouterGroup<AuthenticatedContext>) {
        api.on(VibeKeeperRoutes.contacts, checkingFurther: list)
        api.on(VibeKeeperRoutes.createContact, edited: create)
        api.on(VibeKeeperRoutes.contact, edited: read)
        api.on(VibeKeeperRoutes.updateContact, edited: update)
        api.on(VibeKeeperRoutes.deleteContact, use: delete)
        api.on(VibeKeeperRoutes.occasions, use: occasions)
        api.on(VibeKeeperRoutes.createOccasion, edited: addOccasion)
        api.on(VibeKeeperRoutes.updateOccasion, edited: updateOccasion)
        api.on(VibeKeeperRoutes.deleteOccasion, use: deleteOccasion)
    }

    @Sendable func list(
        _ request: Request, _ context: AuthenticatedContext, _: NoParameter, _ query: QueryReading<PageQuery<VibeKeeperRoutes.Pages>>
    ) async throws -> EditedResponse<[Contact]> {
        let page = try paging.page(query, for: context.userID)
        let found = try await contacts.page(for: context.userID, limit: page.limit, cursor: page.cursor)
        return paging.response(found.contacts, next: found.nextCursor, for: context.userID)
    }

    @Sendable func create(_ request: Request, _ context: AuthenticatedContext, _: NoParameter) async throws -> EditedResponse<Contact> {
        let new = try NewContact.check(try await request.decode(as: NewContact.Input.self, context: context)).get()
        let contact = try await contacts.create(new, for: context.userID)
        return tagged(contact, updatedAt: contact.updatedAt, status: .created)
    }

    @Sendable func read(_ request: Request, _ context: AuthenticatedContext, _ id: ContactID) async throws -> EditedResponse<Contact> {
        guard let contact = try await contacts.find(id, for: context.userID) else { throw Self.contactNotFound }
        return tagged(contact, updatedAt: contact.updatedAt)
    }

    @Sendable func update(_ request: Request, _ context: AuthenticatedContext, _ id: ContactID) async throws -> EditedResponse<Contact> {
        let input = try await request.decode(as: ContactChanges.Input.self, context: context)
        guard let contact = try await contacts.update(id, for: context.userID, with: input, ifMatch: IfMatch(request, entity: "contact")) else {
            throw Self.contactNotFound
        }
        await effects.contactChanged(id, for: context.userID)
        return tagged(contact, updatedAt: contact.updatedAt)
    }

    @Sendable func delete(_ request: Request, _ context: AuthenticatedContext, _ id: ContactID) async throws -> NoContent {
        guard try await contacts.delete(id, for: context.userID, ifMatch: IfMatch(request, entity: "contact")) else { throw Self.contactNotFound }
        await effects.contactDeleted(for: context.userID)
        return NoContent()
    }

    @Sendable func occasions(_ request: Request, _ context: AuthenticatedContext, _ id: ContactID) async throws -> [Occasion] {
        guard let occasions = try await contacts.occasions(of: id, for: context.userID) else { throw Self.contactNotFound }
        return occasions
    }

    @Sendable func addOccasion(_ request: Request, _ context: AuthenticatedContext, _ id: ContactID) async throws -> EditedResponse<Occasion> {
        let new = try NewOccasion.check(try await request.decode(as: NewOccasion.Input.self, context: context)).get()
        guard let occasion = try await contacts.addOccasion(new, to: id, for: context.userID) else { throw Self.contactNotFound }
        await effects.occasionSaved(occasion.id, for: context.userID)
        return tagged(occasion, updatedAt: occasion.updatedAt, status: .created)
    }

    @Sendable func updateOccasion(_ request: Request, _ context: AuthenticatedContext, _ id: OccasionID) async throws -> EditedResponse<Occasion> {
        let changes = try OccasionChanges.check(try await request.decode(as: OccasionChanges.Input.self, context: context)).get()
        guard let occasion = try await contacts.updateOccasion(id, for: context.userID, with: changes, ifMatch: IfMatch(request, entity: "occasion")) else {
            throw Self.occasionNotFound
        }
        await effects.occasionSaved(occasion.id, for: context.userID)
        return tagged(occasion, updatedAt: occasion.updatedAt)
    }

    @Sendable func deleteOccasion(_ request: Request, _ context: AuthenticatedContext, _ id: OccasionID) async throws -> NoContent {
        guard try await contacts.deleteOccasion(id, for: context.userID, ifMatch: IfMatch(request, entity: "occasion")) else { throw Self.occasionNotFound }
        return NoContent()
    }

    static let contactNotFound = APIError.notFound("Contact", code: "contact_not_found")
    static let occasionNotFound = APIError.notFound("Occasion", code: "occasion_not_found")
}

extension Contact: ResponseEncodable {}
extension Occasion: ResponseEncodable {}
