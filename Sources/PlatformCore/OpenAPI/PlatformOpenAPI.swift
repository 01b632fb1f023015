import Foundation
import PlatformAPI

/// The platform's part of every app's OpenAPI document, written once: the routes the platform mounts
/// under each app's prefix (`/auth/...` sign-in and tokens, `/api/v1/users/...` devices, preferences,
/// export, outbox and deletion, `/openapi.json` itself), the bearer security scheme, the error
/// envelope every route answers with, and the shared error responses (`#/components/responses/…`)
/// that app fragments refer to. Paths are relative to the app's prefix; `{{app}}` is the app's name.
///
/// Length limits of text count characters as users see them (grapheme clusters, after trimming; see
/// `Validator`), which JSON Schema's `maxLength` (code points) cannot state: they are given in the
/// descriptions. Text fields carry the platform's other rules as patterns (``ControlCharacters``: no control character
/// but tab, line feed and carriage return; required text must not be blank once trimmed), so a
/// schema-valid request is one the server accepts and a schema-invalid one is one it refuses —
/// which the fuzzing gate (`scripts/fuzz`) checks in both directions.
public enum PlatformOpenAPI {
    /// Required text: at least one visible character (not one of ``BlankText``'s: white space, zero-width
    /// and other invisible characters), no forbidden control character. Spelled out as the server
    /// judges it, not `\s`: ECMA-262 and Python disagree on it. JSON-escaped.
    public static let requiredTextPattern =
        #"^[^\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F]*[^"# + BlankText.regexClass.replacingOccurrences(of: "\\", with: "\\\\")
        + #"\\x00-\\x1F\\x7F][^\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F]*$"#
    /// Optional text: may be blank (then treated as absent), no forbidden control character.
    public static let optionalTextPattern = #"^[^\\x00-\\x08\\x0B\\x0C\\x0E-\\x1F\\x7F]*$"#
    /// ``EmailAddress/pattern``, JSON-escaped.
    public static let emailPattern = EmailAddress.pattern.replacingOccurrences(of: "\\", with: "\\\\")

    /// The time zones `PUT …/notification-preferences` accepts (IANA region/city names and UTC, as
    /// this platform's time zone database knows them), and null, as a JSON array.
    static let timeZoneEnum: String = {
        let zones = TimeZone.knownTimeZoneIdentifiers.filter { ($0 == "UTC" || $0.contains("/")) && $0.count <= 64 && TimeZone(identifier: $0) != nil }
        let values: [Any] = Array(Set(zones + ["UTC"])).sorted() + [NSNull()]
        return String(decoding: (try? JSONSerialization.data(withJSONObject: values, options: [.withoutEscapingSlashes])) ?? Data("[null]".utf8), as: UTF8.self)
    }()

    /// The routes of email + password accounts (seed 003), added to the served document of apps that
    /// opt in (`AppModule.passwordAccounts`): register, sign in (JSON or OAuth2's password form) and
    /// refresh under `/api/v1/auth`, without the bearer token. Refers to the shared components of
    /// ``fragment``.
    public static let passwordAccountsFragment: String = #"""
        {
          "paths": {
            "/api/v1/auth/register": {
              "post": {
                "operationId": "registerWithPassword",
                "tags": ["auth"],
                "summary": "Create an email + password account (the email is unique in this app, ignoring letter case)",
                "description": "A taken email is answered after the same password hashing as a new one. Registrations are limited per client address (AUTH_RATE_LIMIT_PER_MINUTE, shared with /auth/*) and per email from any address (LOGIN_RATE_LIMIT_PER_EMAIL per 15 minutes, a budget of their own): 429 with Retry-After.",
                "security": [],
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/PasswordRegistration"}}}},
                "responses": {
                  "201": {"description": "The account (never the password or its hash); sign in to get tokens", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/PasswordAccount"}}}},
                  "409": {"description": "email_taken: this app has an account with this email (in any letter case)", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
                  "422": {"$ref": "#/components/responses/ValidationFailed"},
                  "429": {"$ref": "#/components/responses/RateLimited"}
                }
              }
            },
            "/api/v1/auth/login": {
              "post": {
                "operationId": "signInWithPassword",
                "tags": ["auth"],
                "summary": "Sign in with email and password: OAuth2's password form (username, password) or JSON {email, password}",
                "description": "A wrong email and a wrong password get the same 401 after the same work. Attempts are limited per client address (AUTH_RATE_LIMIT_PER_MINUTE, shared with /auth/*) and per email from any address (LOGIN_RATE_LIMIT_PER_EMAIL per 15 minutes): 429 with Retry-After.",
                "security": [],
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/x-www-form-urlencoded": {"schema": {"$ref": "#/components/schemas/PasswordSignInForm"}},
                    "application/json": {"schema": {"$ref": "#/components/schemas/PasswordSignInRequest"}}
                  }
                },
                "responses": {
                  "200": {"$ref": "#/components/responses/Tokens"},
                  "401": {
                    "description": "invalid_credentials: no account with this email, or the wrong password (one answer for both)",
                    "headers": {"WWW-Authenticate": {"$ref": "#/components/headers/WWWAuthenticate"}},
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
                  },
                  "422": {"$ref": "#/components/responses/ValidationFailed"},
                  "429": {"$ref": "#/components/responses/RateLimited"}
                }
              }
            },
            "/api/v1/auth/refresh": {
              "post": {
                "operationId": "refreshPasswordTokens",
                "tags": ["auth"],
                "summary": "Exchange a refresh token for a new pair, as /auth/refresh does (reusing a rotated one revokes the session)",
                "security": [],
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/TokenRefreshRequest"}}}},
                "responses": {
                  "200": {"$ref": "#/components/responses/Tokens"},
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "422": {"$ref": "#/components/responses/ValidationFailed"},
                  "429": {"$ref": "#/components/responses/RateLimited"}
                }
              }
            }
          },
          "components": {
            "schemas": {
              "PasswordRegistration": {
                "type": "object",
                "propertyNames": {"pattern": "\#(optionalTextPattern)"}, "additionalProperties": {"$ref": "#/components/schemas/JSONValue"},
                "required": ["email", "name", "password"],
                "properties": {
                  "email": {"type": "string", "description": "At most 254 characters", "pattern": "\#(emailPattern)", "examples": ["you@example.com"]},
                  "name": {"type": "string", "minLength": 1, "description": "1 to 100 characters once trimmed (stored trimmed)", "pattern": "\#(requiredTextPattern)"},
                  "password": {"type": "string", "minLength": 8, "description": "8 to 128 characters as people see them, kept exactly as sent (not trimmed)", "pattern": "\#(optionalTextPattern)"}
                }
              },
              "PasswordAccount": {
                "type": "object",
                "required": ["id", "email", "name", "created_at", "updated_at"],
                "properties": {
                  "id": {"$ref": "#/components/schemas/Uuid"},
                  "email": {"type": "string", "description": "As registered"},
                  "name": {"type": "string"},
                  "created_at": {"$ref": "#/components/schemas/Timestamp"},
                  "updated_at": {"$ref": "#/components/schemas/Timestamp"}
                }
              },
              "PasswordSignInRequest": {
                "type": "object",
                "propertyNames": {"pattern": "\#(optionalTextPattern)"}, "additionalProperties": {"$ref": "#/components/schemas/JSONValue"},
                "required": ["email", "password"],
                "properties": {
                  "email": {"type": "string", "minLength": 1, "description": "The account's email, in any letter case (surrounding whitespace ignored)", "pattern": "\#(requiredTextPattern)", "examples": ["you@example.com"]},
                  "password": {"type": "string", "minLength": 1, "description": "Exactly as registered", "pattern": "\#(optionalTextPattern)"}
                }
              },
              "PasswordSignInForm": {
                "type": "object",
                "description": "OAuth2's resource owner password form (RFC 6749 section 4.3.2); scope, client_id and client_secret may be sent and are ignored",
                "additionalProperties": true,
                "required": ["username", "password"],
                "properties": {
                  "username": {"type": "string", "minLength": 1, "description": "The account's email, in any letter case (surrounding whitespace ignored)", "pattern": "\#(requiredTextPattern)", "examples": ["you@example.com"]},
                  "password": {"type": "string", "minLength": 1, "description": "Exactly as registered", "pattern": "\#(optionalTextPattern)"},
                  "grant_type": {"type": "string", "enum": ["password"]}
                }
              }
            }
          }
        }
        """#

    public static let fragment: String = #"""
        {
          "paths": {
            "/openapi.json": {
              "get": {
                "operationId": "getOpenAPIDocument",
                "tags": ["meta"],
                "summary": "This document",
                "security": [],
                "x-without-database": true,
                "responses": {
                  "200": {"description": "The OpenAPI 3.1 document of this app", "content": {"application/json": {"schema": {"type": "object", "required": ["openapi", "info", "paths"]}}}}
                }
              }
            },
            "/auth/apple": {
              "post": {
                "operationId": "signInWithApple",
                "tags": ["auth"],
                "summary": "Sign in with an Apple identity token",
                "security": [],
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/IDTokenRequest"}}}},
                "responses": {
                  "200": {"$ref": "#/components/responses/Tokens"},
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "422": {"$ref": "#/components/responses/ValidationFailed"},
                  "429": {"$ref": "#/components/responses/RateLimited"}
                }
              }
            },
            "/auth/google": {
              "post": {
                "operationId": "signInWithGoogle",
                "tags": ["auth"],
                "summary": "Sign in with a Google ID token",
                "security": [],
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/IDTokenRequest"}}}},
                "responses": {
                  "200": {"$ref": "#/components/responses/Tokens"},
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "422": {"$ref": "#/components/responses/ValidationFailed"},
                  "429": {"$ref": "#/components/responses/RateLimited"}
                }
              }
            },
            "/auth/dev": {
              "post": {
                "operationId": "signInForDevelopment",
                "tags": ["auth"],
                "summary": "Development sign-in by email alone (404 when APP_ENV=production)",
                "security": [],
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/DevSignInRequest"}}}},
                "responses": {
                  "200": {"$ref": "#/components/responses/Tokens"},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "422": {"$ref": "#/components/responses/ValidationFailed"},
                  "429": {"$ref": "#/components/responses/RateLimited"}
                }
              }
            },
            "/auth/refresh": {
              "post": {
                "operationId": "refreshTokens",
                "tags": ["auth"],
                "summary": "Exchange a refresh token for a new pair (reusing a rotated one revokes the session)",
                "security": [],
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/TokenRefreshRequest"}}}},
                "responses": {
                  "200": {"$ref": "#/components/responses/Tokens"},
                  "401": {"$ref": "#/components/responses/Unauthorized"},
                  "422": {"$ref": "#/components/responses/ValidationFailed"},
                  "429": {"$ref": "#/components/responses/RateLimited"}
                }
              }
            },
            "/auth/sign-out": {
              "post": {
                "operationId": "signOut",
                "tags": ["auth"],
                "summary": "Revoke the session of the access token",
                "responses": {
                  "204": {"description": "Signed out; the session's tokens stop working"}
                }
              }
            },
            "/api/v1/users/device-token": {
              "post": {
                "operationId": "registerDeviceToken",
                "tags": ["account"],
                "summary": "Register a push token for the caller's device",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/DeviceTokenRequest"}}}},
                "responses": {
                  "200": {"description": "registered (new to the caller) or updated", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/DeviceTokenResponse"}}}},
                  "422": {"$ref": "#/components/responses/ValidationFailed"}
                }
              }
            },
            "/api/v1/users/me/notification-preferences": {
              "get": {
                "operationId": "getNotificationPreferences",
                "tags": ["account"],
                "responses": {
                  "200": {"description": "The caller's preferences", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/NotificationPreferences"}}}}
                }
              },
              "put": {
                "operationId": "updateNotificationPreferences",
                "tags": ["account"],
                "summary": "Change some or all preferences (fields left out keep their value)",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/NotificationPreferencesUpdate"}}}},
                "responses": {
                  "200": {"description": "The preferences as saved", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/NotificationPreferences"}}}},
                  "422": {"$ref": "#/components/responses/ValidationFailed"}
                }
              }
            },
            "/api/v1/users/me/export": {
              "get": {
                "operationId": "exportAccountData",
                "tags": ["account"],
                "summary": "Every row of the caller's data, as a JSON attachment ({{app}}-export-YYYY-MM-DD.json)",
                "responses": {
                  "200": {
                    "description": "The export",
                    "headers": {"Content-Disposition": {"required": true, "schema": {"type": "string"}}},
                    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/AccountExport"}}}
                  }
                }
              }
            },
            "/api/v1/users/me/outbox": {
              "get": {
                "operationId": "listOutbox",
                "tags": ["account"],
                "summary": "Notifications recorded for the caller, newest first",
                "parameters": [
                  {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 200, "default": 50}},
                  {"name": "channel", "in": "query", "schema": {"type": "string", "enum": ["outbox", "apns", "none", "all"], "default": "outbox"}}
                ],
                "responses": {
                  "200": {"description": "The notifications", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Outbox"}}}},
                  "422": {"$ref": "#/components/responses/ValidationFailed"}
                }
              }
            },
            "/api/v1/users/me": {
              "delete": {
                "operationId": "deleteAccount",
                "tags": ["account"],
                "summary": "Delete the account and all its data; its tokens stop working",
                "description": "Needs a fresh sign-in: either a body with proof of one (an Apple or Google identity token verified as a sign-in is, for this same account; on development servers also the account's email with provider dev), or no body and an access token from a sign-in made within the last 5 minutes (its auth_time; a refreshed token keeps its session's sign-in time). Otherwise 401 with WWW-Authenticate error=\"insufficient_user_authentication\" (RFC 9470) and code reauthentication_required.",
                "requestBody": {"required": false, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/AccountDeletionRequest"}}}},
                "responses": {
                  "200": {"description": "Deleted", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/AccountDeleted"}}}},
                  "401": {"$ref": "#/components/responses/ReauthenticationRequired"},
                  "422": {"$ref": "#/components/responses/ValidationFailed"}
                }
              }
            }
          },
          "components": {
            "securitySchemes": {
              "bearer": {"type": "http", "scheme": "bearer", "bearerFormat": "JWT", "description": "The access token from /auth/* (ES256, audience = the app)"}
            },
            "schemas": {
              "Error": {
                "type": "object",
                "description": "The one error shape of every route",
                "required": ["error"],
                "properties": {
                  "error": {
                    "type": "object",
                    "required": ["code", "message"],
                    "properties": {
                      "code": {"type": "string", "examples": ["validation_failed"]},
                      "message": {"type": "string"},
                      "fields": {"type": "array", "items": {"$ref": "#/components/schemas/FieldError"}}
                    }
                  }
                }
              },
              "FieldError": {
                "type": "object",
                "required": ["field", "message"],
                "properties": {"field": {"type": "string", "examples": ["milestones[0].milestone_name"]}, "message": {"type": "string"}}
              },
              "Uuid": {"type": "string", "format": "uuid"},
              "JSONValue": {
                "description": "Any JSON value without a forbidden control character in a string or key: what a request body may carry in properties the server ignores (StrictJSON refuses such strings anywhere in a body, 422)",
                "anyOf": [
                  {"type": ["number", "boolean", "null"]},
                  {"type": "string", "pattern": "\#(optionalTextPattern)"},
                  {"type": "array", "items": {"$ref": "#/components/schemas/JSONValue"}},
                  {"type": "object", "propertyNames": {"pattern": "\#(optionalTextPattern)"}, "additionalProperties": {"$ref": "#/components/schemas/JSONValue"}}
                ]
              },
              "Timestamp": {"type": "string", "format": "date-time"},
              "TokenPair": {
                "type": "object",
                "required": ["access_token", "refresh_token", "token_type", "expires_in", "user_id"],
                "properties": {
                  "access_token": {"type": "string"},
                  "refresh_token": {"type": "string"},
                  "token_type": {"type": "string", "const": "Bearer"},
                  "expires_in": {"type": "integer", "description": "seconds"},
                  "user_id": {"$ref": "#/components/schemas/Uuid"}
                }
              },
              "IDTokenRequest": {
                "type": "object",
                "propertyNames": {"pattern": "\#(optionalTextPattern)"}, "additionalProperties": {"$ref": "#/components/schemas/JSONValue"},
                "required": ["id_token"],
                "properties": {
                  "id_token": {"type": "string", "minLength": 1, "description": "At most 8192 characters", "pattern": "\#(requiredTextPattern)"},
                  "nonce": {"type": ["string", "null"], "description": "At most 512 characters", "pattern": "\#(optionalTextPattern)"}
                }
              },
              "TokenRefreshRequest": {
                "type": "object",
                "propertyNames": {"pattern": "\#(optionalTextPattern)"}, "additionalProperties": {"$ref": "#/components/schemas/JSONValue"},
                "required": ["refresh_token"],
                "properties": {"refresh_token": {"type": "string", "minLength": 1, "description": "At most 512 characters", "pattern": "\#(requiredTextPattern)"}}
              },
              "DevSignInRequest": {
                "type": "object",
                "propertyNames": {"pattern": "\#(optionalTextPattern)"}, "additionalProperties": {"$ref": "#/components/schemas/JSONValue"},
                "required": ["email"],
                "properties": {"email": {"type": "string", "description": "At most 254 characters", "pattern": "\#(emailPattern)", "examples": ["you@example.com"]}}
              },
              "DeviceTokenRequest": {
                "type": "object",
                "propertyNames": {"pattern": "\#(optionalTextPattern)"}, "additionalProperties": {"$ref": "#/components/schemas/JSONValue"},
                "required": ["device_token"],
                "properties": {
                  "device_token": {"type": "string", "minLength": 1, "description": "At most 200 characters; ios: the hexadecimal APNs token; android: letters, digits, ':', '_' and '-'"},
                  "platform": {"type": ["string", "null"], "enum": ["ios", "android", null], "default": "ios"}
                },
                "oneOf": [
                  {"properties": {"platform": {"enum": ["ios", null]}, "device_token": {"pattern": "^[\\t\\n\\r \\x85\\xA0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]*[0-9A-Fa-f]+[\\t\\n\\r \\x85\\xA0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]*$"}}},
                  {"required": ["platform"], "properties": {"platform": {"const": "android"}, "device_token": {"pattern": "^[\\t\\n\\r \\x85\\xA0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]*[0-9A-Za-z:_-]+[\\t\\n\\r \\x85\\xA0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000]*$"}}}
                ]
              },
              "DeviceTokenResponse": {
                "type": "object",
                "required": ["status", "device_token", "platform"],
                "properties": {
                  "status": {"type": "string", "enum": ["registered", "updated"]},
                  "device_token": {"type": "string"},
                  "platform": {"type": "string", "enum": ["ios", "android"]}
                }
              },
              "NotificationPreferences": {
                "type": "object",
                "required": ["notifications_enabled", "quiet_hours_start", "quiet_hours_end", "timezone", "hide_notification_details"],
                "properties": {
                  "notifications_enabled": {"type": "boolean"},
                  "quiet_hours_start": {"type": "integer", "minimum": 0, "maximum": 23},
                  "quiet_hours_end": {"type": "integer", "minimum": 0, "maximum": 23},
                  "timezone": {"type": ["string", "null"], "description": "IANA time zone; null until set"},
                  "hide_notification_details": {"type": "boolean"}
                }
              },
              "NotificationPreferencesUpdate": {
                "type": "object",
                "propertyNames": {"pattern": "\#(optionalTextPattern)"}, "additionalProperties": {"$ref": "#/components/schemas/JSONValue"},
                "properties": {
                  "notifications_enabled": {"type": ["boolean", "null"]},
                  "quiet_hours_start": {"type": ["integer", "null"], "minimum": 0, "maximum": 23},
                  "quiet_hours_end": {"type": ["integer", "null"], "minimum": 0, "maximum": 23},
                  "timezone": {"type": ["string", "null"], "enum": \#(timeZoneEnum), "description": "An IANA time zone such as America/New_York, or UTC"},
                  "hide_notification_details": {"type": ["boolean", "null"]}
                }
              },
              "DeviceToken": {
                "type": "object",
                "required": ["token", "platform", "created_at", "updated_at"],
                "properties": {
                  "token": {"type": "string"},
                  "platform": {"type": "string"},
                  "created_at": {"$ref": "#/components/schemas/Timestamp"},
                  "updated_at": {"$ref": "#/components/schemas/Timestamp"}
                }
              },
              "AccountExport": {
                "type": "object",
                "required": ["exported_at", "user", "notification_preferences", "devices", "data"],
                "properties": {
                  "exported_at": {"$ref": "#/components/schemas/Timestamp"},
                  "user": {
                    "type": "object",
                    "required": ["id", "app", "created_at"],
                    "properties": {
                      "id": {"$ref": "#/components/schemas/Uuid"},
                      "app": {"type": "string", "const": "{{app}}"},
                      "email": {"type": ["string", "null"]},
                      "name": {"type": ["string", "null"], "description": "Set by email + password registration"},
                      "created_at": {"$ref": "#/components/schemas/Timestamp"}
                    }
                  },
                  "notification_preferences": {"$ref": "#/components/schemas/NotificationPreferences"},
                  "devices": {"type": "array", "items": {"$ref": "#/components/schemas/DeviceToken"}},
                  "data": {"type": "object", "description": "The app's own rows for the user"}
                }
              },
              "AccountDeletionRequest": {
                "type": "object",
                "description": "Proof of a fresh sign-in before deleting the account. apple/google: a new identity token (id_token, with the raw nonce it was requested with, if any) for the same account as the bearer token; dev (development servers only): the account's email. Fields the provider does not use are ignored.",
                "propertyNames": {"pattern": "\#(optionalTextPattern)"}, "additionalProperties": {"$ref": "#/components/schemas/JSONValue"},
                "required": ["provider"],
                "properties": {
                  "provider": {"type": "string", "enum": ["apple", "google", "dev"]},
                  "id_token": {"type": ["string", "null"], "description": "apple/google: at most 8192 characters", "pattern": "\#(optionalTextPattern)"},
                  "nonce": {"type": ["string", "null"], "description": "apple/google: at most 512 characters", "pattern": "\#(optionalTextPattern)"},
                  "email": {"type": ["string", "null"], "description": "dev: the account's email, at most 254 characters", "pattern": "\#(optionalTextPattern)"}
                },
                "oneOf": [
                  {"required": ["id_token"], "properties": {"provider": {"enum": ["apple", "google"]}, "id_token": {"type": "string", "minLength": 1, "pattern": "\#(requiredTextPattern)"}}},
                  {"required": ["email"], "properties": {"provider": {"const": "dev"}, "email": {"type": "string", "pattern": "\#(emailPattern)", "examples": ["you@example.com"]}}}
                ]
              },
              "AccountDeleted": {
                "type": "object",
                "required": ["status", "message"],
                "properties": {"status": {"type": "string", "const": "deleted"}, "message": {"type": "string"}}
              },
              "OutboxEntry": {
                "type": "object",
                "required": ["id", "channel", "status", "title", "body", "visible_title", "visible_body", "data", "devices", "created_at"],
                "properties": {
                  "id": {"$ref": "#/components/schemas/Uuid"},
                  "channel": {"type": "string"},
                  "status": {"type": "string"},
                  "title": {"type": "string"},
                  "body": {"type": "string"},
                  "visible_title": {"type": "string"},
                  "visible_body": {"type": "string"},
                  "category": {"type": ["string", "null"]},
                  "thread_id": {"type": ["string", "null"]},
                  "data": {"type": "object", "additionalProperties": {"type": "string"}},
                  "devices": {"type": "integer"},
                  "error": {"type": ["string", "null"]},
                  "created_at": {"$ref": "#/components/schemas/Timestamp"},
                  "delivered_at": {"oneOf": [{"$ref": "#/components/schemas/Timestamp"}, {"type": "null"}]}
                }
              },
              "Outbox": {
                "type": "object",
                "required": ["notifications", "count"],
                "properties": {
                  "notifications": {"type": "array", "items": {"$ref": "#/components/schemas/OutboxEntry"}},
                  "count": {"type": "integer", "minimum": 0}
                }
              }
            },
            "headers": {
              "RetryAfter": {"required": true, "description": "Seconds to wait before retrying", "schema": {"type": "string", "pattern": "^[0-9]+$"}},
              "WWWAuthenticate": {"required": true, "description": "Bearer challenge (RFC 6750)", "schema": {"type": "string", "pattern": "^Bearer "}},
              "ETag": {
                "required": true,
                "description": "The entity's version: its updated_at as the JSON shows it (UTC, milliseconds), in quotes. Send it back in If-Match to change or delete only that version.",
                "schema": {"type": "string", "pattern": "^\"[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}\\.[0-9]{3}Z\"$"}
              }
            },
            "parameters": {
              "IdempotencyKey": {
                "name": "Idempotency-Key", "in": "header", "required": false,
                "description": "A key of the client's making (1–255 visible ASCII characters, e.g. a UUID) that makes a retry of this request return the first answer instead of running it again. A repeat with the same method, path, query and body within 24 hours gets the stored 2xx answer with Idempotent-Replayed: true; a different request with the key is a 422 naming Idempotency-Key; while the first is still running, 409 idempotency_key_in_use with Retry-After. A failed first attempt (any other status) is not stored, so a retry runs again. Keys are per user and app.",
                "schema": {"type": "string", "minLength": 1, "maxLength": 255, "pattern": "^[!-~]+$"}
              },
              "IfMatch": {
                "name": "If-Match", "in": "header", "required": false,
                "description": "Change or delete only if the entity is still at this version: the ETag (or its updated_at in quotes) last seen, several separated by commas, or * for any. Another version is a 412 and nothing changes; without the header the write is unconditional.",
                "schema": {"type": "string"}
              }
            },
            "responses": {
              "PreconditionFailed": {
                "description": "precondition_failed: the entity changed since the version If-Match names (nothing was changed); load it again",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
              },
              "IdempotencyKeyInUse": {
                "description": "idempotency_key_in_use: the first request with this Idempotency-Key is still running; retry after Retry-After seconds",
                "headers": {"Retry-After": {"$ref": "#/components/headers/RetryAfter"}},
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
              },
              "Tokens": {
                "description": "A new access/refresh token pair",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/TokenPair"}}}
              },
              "BadRequest": {
                "description": "The body is not JSON (malformed_json: syntax, duplicate keys, invalid UTF-8, nesting over 64) or is missing",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
              },
              "Unauthorized": {
                "description": "Missing, malformed, expired or revoked credentials",
                "headers": {"WWW-Authenticate": {"$ref": "#/components/headers/WWWAuthenticate"}},
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
              },
              "ReauthenticationRequired": {
                "description": "Missing, malformed, expired or revoked credentials; or (code reauthentication_required) no proof of a fresh sign-in for this account",
                "headers": {"WWW-Authenticate": {"$ref": "#/components/headers/WWWAuthenticate"}},
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
              },
              "NotFound": {
                "description": "Missing, or someone else's (never 403)",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
              },
              "Conflict": {
                "description": "The resource already exists",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
              },
              "PayloadTooLarge": {
                "description": "The body is over MAX_BODY_BYTES",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
              },
              "UnsupportedMediaType": {
                "description": "The body's Content-Type is not one this operation reads (JSON bodies need application/json)",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
              },
              "ValidationFailed": {
                "description": "Invalid fields, every one listed in error.fields",
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
              },
              "RateLimited": {
                "description": "Too many sign-in attempts from this client",
                "headers": {"Retry-After": {"$ref": "#/components/headers/RetryAfter"}},
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
              },
              "ServiceUnavailable": {
                "description": "The database (or an identity provider's keys) did not answer in time",
                "headers": {"Retry-After": {"$ref": "#/components/headers/RetryAfter"}},
                "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
              }
            }
          }
        }
        """#
}
