import Auth

/// One signing key for the whole test process (key generation is not what tests are about).
public let testSigningKeyPEM = TokenService.generateSigningKeyPEM()
