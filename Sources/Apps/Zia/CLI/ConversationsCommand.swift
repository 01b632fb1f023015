import ArgumentParser
import CLISupport
import Foundation
import ZiaClient

/// `zia conversations list|show|rm`: what you asked Zia before.
struct ConversationsCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "conversations", abstract: "Your conversations with Zia.", subcommands: [List.self, Show.self, Remove.self], defaultSubcommand: List.self)

    static let lookup = Lookup<ConversationSummary>("conversation", id: { $0.id.description }, name: \.title)

    /// The conversation `text` names: a full id as is, else found among the newest 100.
    static func id(_ text: String, _ api: ZiaAPIClient) async throws -> ConversationID {
        try await lookup.id(text, parse: ConversationID.init, list: { try await api.send(ZiaRoutes.conversations, query: PageQuery(limit: 100)) }, id: \.id)
    }

    struct List: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "List your conversations, newest first.")
        @Option(help: "At most this many (1–100).") var limit: Int?
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                let all = try await api.send(ZiaRoutes.conversations, query: PageQuery(limit: limit ?? ZiaRoutes.ConversationPages.defaultLimit))
                try options.show(all) { all in
                    all.isEmpty ? "No conversations yet." : table(["ID", "UPDATED", "TITLE"], all.map { [short($0.id), when($0.updatedAt), $0.title] })
                }
            }
        }
    }

    struct Show: AsyncParsableCommand {
        static let configuration = CommandConfiguration(abstract: "Show one conversation's messages.")
        @Argument(help: "Its id (or the start of it, or its title).") var id: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                let conversation = try await api.send(ZiaRoutes.conversation, try await ConversationsCommand.id(id, api))
                try options.show(conversation) { conversation in
                    ([conversation.title, ""] + conversation.messages.map { "\($0.role == .user ? "You" : "Zia"): \($0.content)\n" })
                        .joined(separator: "\n")
                }
            }
        }
    }

    struct Remove: AsyncParsableCommand {
        static let configuration = CommandConfiguration(commandName: "rm", abstract: "Delete one conversation and its messages.")
        @Argument(help: "Its id (or the start of it, or its title).") var id: String
        @OptionGroup var options: SessionOptions

        func run() async throws {
            try await options.run { api in
                _ = try await api.send(ZiaRoutes.deleteConversation, try await ConversationsCommand.id(id, api))
                print("Deleted.")
            }
        }
    }
}
