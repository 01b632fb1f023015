/// The identity providers whose ID tokens sign a user in (`POST /<app>/auth/<provider>`).
public enum IdentityProviderName: String, Sendable, CaseIterable {
    case apple, google
}
