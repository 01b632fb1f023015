import KnotAPI
import TestSupport

extension TestClient {
    /// Signs in to Knot through development sign-in: the app most API tests exercise.
    public func signIn(_ email: String = TestClient.freshEmail) async throws -> SignedIn {
        try await signIn(email, app: AppID.knot.rawValue)
    }
}
