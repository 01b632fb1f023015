import Foundation
import PlatformCore

extension VibeKeeperApp {
    public static let openAPIVersion = "0.1.0"

    /// VibeKeeper's document: the platform's routes plus ``openAPIPaths``.
    public static func openAPIDocument() throws -> OpenAPIDocument {
        try OpenAPIDocument(
            app: id.rawValue, title: "VibeKeeper API", version: openAPIVersion,
            description:
                "People, gift ideas, occasions and reminders. Authenticate with the access token from /auth/*; every error is {\"error\":{\"code\",\"message\",\"fields\"}}. Another user's object answers 404, as a missing one does.",
            fragment: openAPIPaths
        )
    }

    static let idParameter = #"{"name": "id", "in": "path", "required": true, "description": "The object's id (anything else is a 404)", "schema": {"type": "string"}}"#

    /// The query parameters of every list paged by signed cursors (`PageQuery`).
    static let pageParameters = #"""
        {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 100, "default": 50}},
        {"name": "cursor", "in": "query", "description": "X-Next-Cursor of the previous page, as issued to this account (any other cursor is a 422)", "schema": {"type": "string"}}
        """#

    /// The 200 of such a list: a plain array of `schema`, the next page's cursor in `X-Next-Cursor`.
    static func page(of schema: String) -> String {
        #"""
        {
          "description": "A page; X-Next-Cursor names the next one",
          "headers": {"X-Next-Cursor": {"description": "The cursor of the next page; absent on the last one", "schema": {"type": "string"}}},
          "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/\#(schema)"}}}}
        }
        """#
    }

    /// VibeKeeper's routes and schemas, as an OpenAPI fragment (`{"paths", "components"}`). Length
    /// limits count characters as people see them, which `maxLength` cannot state; they are in the
    /// descriptions (see ``PlatformOpenAPI``).
    public static let openAPIPaths: String = #"""
        {
          "paths": {
            "/api/v1/search": {
              "get": {
                "operationId": "searchIdeas", "tags": ["search"],
                "summary": "Hybrid search (words and meaning) across the caller's ideas and contacts, best first; the gift-idea filters narrow it to ideas",
                "parameters": [
                  {"name": "q", "in": "query", "required": true, "schema": {"type": "string", "minLength": 1, "pattern": "\#(PlatformOpenAPI.requiredTextPattern)"}},
                  {"name": "recipient_id", "in": "query", "description": "Only this contact's ideas (not an id: 422)", "schema": {"type": "string", "format": "uuid"}},
                  {"name": "occasion", "in": "query", "description": "Exact occasion, ignoring case and accents", "schema": {"type": "string", "pattern": "\#(PlatformOpenAPI.optionalTextPattern)"}},
                  {"name": "status", "in": "query", "schema": {"type": "string", "enum": ["idea", "purchased", "given"]}},
                  {"name": "tag", "in": "query", "schema": {"type": "string", "pattern": "\#(PlatformOpenAPI.optionalTextPattern)"}},
                  {"name": "min_price", "in": "query", "description": "Ideas whose amount or range reaches this (at most max_price)", "schema": {"type": "number", "minimum": 0, "maximum": 1000000000}},
                  {"name": "max_price", "in": "query", "description": "Ideas whose amount or range starts at or below this", "schema": {"type": "number", "minimum": 0, "maximum": 1000000000}},
                  {"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 50, "default": 20}}
                ],
                "responses": {
                  "200": {"description": "Hits", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/SearchResults"}}}},
                  "422": {"$ref": "#/components/responses/ValidationFailed"}
                }
              }
            },
            "/api/v1/gift-ideas/{id}/related": {
              "parameters": [\#(idParameter)],
              "get": {
                "operationId": "relatedGiftIdeas", "tags": ["search"], "summary": "The caller's ideas nearest in meaning to this one",
                "parameters": [{"name": "limit", "in": "query", "schema": {"type": "integer", "minimum": 1, "maximum": 20, "default": 5}}],
                "responses": {
                  "200": {"description": "Related ideas, nearest first", "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/RelatedIdea"}}}}},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "422": {"$ref": "#/components/responses/ValidationFailed"}
                }
              }
            },
            "/api/v1/reminders": {
              "get": {
                "operationId": "listReminders", "tags": ["reminders"], "summary": "The caller's reminders by scheduled_for (automatic ones included)",
                "parameters": [
                  {"name": "status", "in": "query", "schema": {"type": "string", "enum": ["pending", "sent", "cancelled", "failed"]}},
                  {"name": "from_date", "in": "query", "description": "YYYY-MM-DD (from its start, UTC) or an ISO 8601 instant", "schema": {"type": "string"}},
                  {"name": "to_date", "in": "query", "description": "YYYY-MM-DD (to its end, UTC) or an ISO 8601 instant; not before from_date", "schema": {"type": "string"}}
                ],
                "responses": {
                  "200": {"description": "Reminders", "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Reminder"}}}}},
                  "422": {"$ref": "#/components/responses/ValidationFailed"}
                }
              },
              "post": {
                "operationId": "createReminder", "tags": ["reminders"], "summary": "Set a reminder for one of the caller's ideas (else 404 \"Gift idea not found\")",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ReminderInput"}}}},
                "responses": {
                  "201": {"description": "Created", "headers": {"ETag": {"$ref": "#/components/headers/ETag"}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Reminder"}}}},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "422": {"$ref": "#/components/responses/ValidationFailed"}
                }
              }
            },
            "/api/v1/reminders/{id}": {
              "parameters": [\#(idParameter)],
              "get": {
                "operationId": "getReminder", "tags": ["reminders"], "summary": "One of the caller's reminders",
                "responses": {
                  "200": {"description": "The reminder", "headers": {"ETag": {"$ref": "#/components/headers/ETag"}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Reminder"}}}},
                  "404": {"$ref": "#/components/responses/NotFound"}
                }
              },
              "put": {
                "operationId": "updateReminder", "tags": ["reminders"], "summary": "Change a reminder: only the fields sent; a new scheduled_for moves the delivery",
                "parameters": [{"$ref": "#/components/parameters/IfMatch"}],
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ReminderUpdate"}}}},
                "responses": {
                  "200": {"description": "The reminder as changed", "headers": {"ETag": {"$ref": "#/components/headers/ETag"}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Reminder"}}}},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "412": {"$ref": "#/components/responses/PreconditionFailed"},
                  "422": {"$ref": "#/components/responses/ValidationFailed"}
                }
              },
              "delete": {
                "operationId": "deleteReminder", "tags": ["reminders"], "summary": "Delete a reminder and cancel its delivery",
                "parameters": [{"$ref": "#/components/parameters/IfMatch"}],
                "responses": {"204": {"description": "Deleted"}, "404": {"$ref": "#/components/responses/NotFound"}, "412": {"$ref": "#/components/responses/PreconditionFailed"}}
              }
            },
            "/api/v1/users/me/preferences": {
              "get": {
                "operationId": "getVibeKeeperPreferences", "tags": ["reminders"], "summary": "Days before a dated idea its automatic reminder goes out",
                "responses": {"200": {"description": "Preferences", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/VibeKeeperPreferences"}}}}}
              },
              "put": {
                "operationId": "updateVibeKeeperPreferences", "tags": ["reminders"], "summary": "Change the lead time; pending automatic reminders move",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/VibeKeeperPreferences"}}}},
                "responses": {
                  "200": {"description": "Preferences", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/VibeKeeperPreferences"}}}},
                  "422": {"$ref": "#/components/responses/ValidationFailed"}
                }
              }
            },
            "/api/v1/capture/text": {
              "post": {
                "operationId": "captureText", "tags": ["capture"],
                "summary": "Capture a gift idea from text (also accepted as an application/x-www-form-urlencoded form field text_content, as the seed's client sends it)",
                "description": "Extracts recipient, idea, occasion, date, budget and tags (a language model when one is configured for vibekeeper.extraction, else the offline rules). A recipient matching no contact becomes a new contact. Below confidence 0.6 (no idea recognised, or an idea with no recipient, date, occasion or budget) the idea is stored with needs_review true and waits in /capture/review. A repeat of an idea the user has for the same recipient answers that idea with duplicate_of set. Several ideas: the first here, the rest in additional_ideas.",
                "requestBody": {
                  "required": true,
                  "content": {
                    "application/json": {"schema": {"$ref": "#/components/schemas/TextCaptureInput"}},
                    "application/x-www-form-urlencoded": {"schema": {"$ref": "#/components/schemas/TextCaptureInput"}}
                  }
                },
                "responses": {
                  "200": {"description": "The idea captured (or the one it repeats)", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/CaptureResult"}}}},
                  "413": {"description": "More than 10,000 characters", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
                  "422": {"$ref": "#/components/responses/ValidationFailed"}
                }
              }
            },
            "/api/v1/capture/voice": {
              "post": {
                "operationId": "captureVoice", "tags": ["capture"],
                "summary": "Capture a gift idea from a recording (M4A, WAV or MP3, at most 25 MiB)",
                "description": "The recording is recognised by its bytes (not its name or declared type) and kept with the idea (GET /media/{id}). Its words come from the transcript field (the app's on-device speech recognition) or the server's speech-to-text (TRANSCRIBER, with the seed's transcription prompt); with neither the answer is 501. Then as POST /capture/text. A recording without speech waits for review with the file attached.",
                "requestBody": {"required": true, "content": {"multipart/form-data": {"schema": {"$ref": "#/components/schemas/VoiceCaptureForm"}}}},
                "responses": {
                  "200": {"description": "The idea captured (or the one it repeats, with this recording added)", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/CaptureResult"}}}},
                  "400": {"description": "Broken multipart framing", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
                  "413": {"description": "The recording is over 25 MiB, the body over the upload limit, or the transcript over 10,000 characters", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
                  "422": {"$ref": "#/components/responses/ValidationFailed"},
                  "501": {"description": "No speech-to-text configured (TRANSCRIBER) and no transcript sent", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
                  "503": {"description": "Speech-to-text or the media store is not answering; Retry-After says when to try again", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
                }
              }
            },
            "/api/v1/capture/image": {
              "post": {
                "operationId": "captureImage", "tags": ["capture"],
                "summary": "Capture a gift idea from a photo (JPEG, PNG, GIF, WebP or HEIC, at most 10 MiB) and an optional caption",
                "description": "The photo is recognised by its bytes and kept with the idea (GET /media/{id}). The caption, and with VISION_MODEL configured the model's description of the photo (seed image-analysis prompt), are captured as POST /capture/text does; with neither, the idea waits for review with the photo attached. An empty caption is none.",
                "requestBody": {"required": true, "content": {"multipart/form-data": {"schema": {"$ref": "#/components/schemas/ImageCaptureForm"}}}},
                "responses": {
                  "200": {"description": "The idea captured (or the one it repeats, with this photo added)", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/CaptureResult"}}}},
                  "400": {"description": "Broken multipart framing", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
                  "413": {"description": "The photo is over 10 MiB, the body over the upload limit, or the caption over 10,000 characters", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
                  "422": {"$ref": "#/components/responses/ValidationFailed"},
                  "503": {"description": "The media store is not answering; Retry-After says when to try again", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
                }
              }
            },
            "/api/v1/capture": {
              "post": {
                "operationId": "capture", "tags": ["capture"],
                "summary": "The seed's unified capture: content_type text (text_content), voice (media_file, optional transcript) or image (media_file, text_content as its caption)",
                "description": "Anything else (another content_type, or its data missing) is 400 \"Invalid content type or missing required data\". Files are checked as on /capture/voice and /capture/image.",
                "requestBody": {
                  "required": true,
                  "content": {
                    "multipart/form-data": {"schema": {"$ref": "#/components/schemas/UnifiedCaptureForm"}},
                    "application/x-www-form-urlencoded": {"schema": {"$ref": "#/components/schemas/UnifiedCaptureText"}},
                    "application/json": {"schema": {"$ref": "#/components/schemas/UnifiedCaptureText"}}
                  }
                },
                "responses": {
                  "200": {"description": "The idea captured (or the one it repeats)", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/CaptureResult"}}}},
                  "400": {"description": "Invalid content type or missing required data (or broken framing)", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
                  "413": {"description": "A file or text over its limit", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
                  "422": {"$ref": "#/components/responses/ValidationFailed"},
                  "501": {"description": "A voice capture with no speech-to-text configured and no transcript", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}},
                  "503": {"description": "Speech-to-text or the media store is not answering; Retry-After says when to try again", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}}
                }
              }
            },
            "/api/v1/media/{id}": {
              "parameters": [\#(idParameter)],
              "get": {
                "operationId": "getMedia", "tags": ["capture"], "summary": "The bytes of one of the caller's photos or recordings, with the type detected at upload",
                "responses": {
                  "200": {
                    "description": "The file",
                    "content": {
                      "image/jpeg": {"schema": {"type": "string", "format": "binary"}}, "image/png": {"schema": {"type": "string", "format": "binary"}},
                      "image/gif": {"schema": {"type": "string", "format": "binary"}}, "image/webp": {"schema": {"type": "string", "format": "binary"}},
                      "image/heic": {"schema": {"type": "string", "format": "binary"}}, "audio/mp4": {"schema": {"type": "string", "format": "binary"}},
                      "audio/wav": {"schema": {"type": "string", "format": "binary"}}, "audio/mpeg": {"schema": {"type": "string", "format": "binary"}}
                    }
                  },
                  "404": {"$ref": "#/components/responses/NotFound"}
                }
              }
            },
            "/api/v1/capture/review": {
              "get": {
                "operationId": "listCapturesToReview", "tags": ["capture"], "summary": "Captures waiting for review, newest first",
                "parameters": [
                  \#(pageParameters)
                ],
                "responses": {
                  "200": \#(page(of: "GiftIdea")),
                  "422": {"$ref": "#/components/responses/ValidationFailed"}
                }
              }
            },
            "/api/v1/capture/review/{id}/accept": {
              "parameters": [\#(idParameter)],
              "post": {
                "operationId": "acceptCapture", "tags": ["capture"], "summary": "Keep a capture waiting for review, with optional edits (the fields of a gift idea update)",
                "requestBody": {"required": false, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/GiftIdeaUpdate"}}}},
                "responses": {
                  "200": {"description": "The idea, reviewed", "content": {"application/json": {"schema": {"$ref": "#/components/schemas/GiftIdea"}}}},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "422": {"$ref": "#/components/responses/ValidationFailed"}
                }
              }
            },
            "/api/v1/capture/review/{id}": {
              "parameters": [\#(idParameter)],
              "delete": {
                "operationId": "discardCapture", "tags": ["capture"], "summary": "Discard a capture waiting for review",
                "responses": {"204": {"description": "Discarded"}, "404": {"$ref": "#/components/responses/NotFound"}}
              }
            },
            "/api/v1/gift-ideas": {
              "get": {
                "operationId": "listGiftIdeas", "tags": ["gift ideas"], "summary": "The caller's gift ideas, newest first (ideas waiting for review are in /capture/review)",
                "parameters": [
                  {"name": "recipient_id", "in": "query", "description": "Only this contact's ideas (not an id: 422)", "schema": {"type": "string", "format": "uuid"}},
                  {"name": "occasion", "in": "query", "description": "Exact occasion, ignoring case and accents", "schema": {"type": "string", "pattern": "\#(PlatformOpenAPI.optionalTextPattern)"}},
                  {"name": "status", "in": "query", "schema": {"type": "string", "enum": ["idea", "purchased", "given"]}},
                  {"name": "tag", "in": "query", "schema": {"type": "string", "pattern": "\#(PlatformOpenAPI.optionalTextPattern)"}},
                  {"name": "min_price", "in": "query", "description": "Ideas whose amount or range reaches this (at most max_price)", "schema": {"type": "number", "minimum": 0, "maximum": 1000000000}},
                  {"name": "max_price", "in": "query", "description": "Ideas whose amount or range starts at or below this", "schema": {"type": "number", "minimum": 0, "maximum": 1000000000}},
                  {"name": "q", "in": "query", "description": "Text in the idea, occasion, notes or tags, ignoring case and accents", "schema": {"type": "string", "pattern": "\#(PlatformOpenAPI.optionalTextPattern)"}},
                  \#(pageParameters)
                ],
                "responses": {
                  "200": \#(page(of: "GiftIdea")),
                  "422": {"$ref": "#/components/responses/ValidationFailed"}
                }
              },
              "post": {
                "operationId": "createGiftIdea", "tags": ["gift ideas"], "summary": "Add a gift idea (recipient_id must be one of the caller's contacts: else 404)",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/GiftIdeaInput"}}}},
                "responses": {
                  "201": {"description": "Created", "headers": {"ETag": {"$ref": "#/components/headers/ETag"}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/GiftIdea"}}}},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "422": {"$ref": "#/components/responses/ValidationFailed"}
                }
              }
            },
            "/api/v1/gift-ideas/{id}": {
              "parameters": [\#(idParameter)],
              "get": {
                "operationId": "getGiftIdea", "tags": ["gift ideas"], "summary": "One of the caller's gift ideas",
                "responses": {
                  "200": {"description": "The idea", "headers": {"ETag": {"$ref": "#/components/headers/ETag"}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/GiftIdea"}}}},
                  "404": {"$ref": "#/components/responses/NotFound"}
                }
              },
              "put": {
                "operationId": "updateGiftIdea", "tags": ["gift ideas"], "summary": "Change a gift idea: only the fields sent; null clears an optional one",
                "parameters": [{"$ref": "#/components/parameters/IfMatch"}],
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/GiftIdeaUpdate"}}}},
                "responses": {
                  "200": {"description": "The idea as changed", "headers": {"ETag": {"$ref": "#/components/headers/ETag"}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/GiftIdea"}}}},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "412": {"$ref": "#/components/responses/PreconditionFailed"},
                  "422": {"$ref": "#/components/responses/ValidationFailed"}
                }
              },
              "delete": {
                "operationId": "deleteGiftIdea", "tags": ["gift ideas"], "summary": "Delete a gift idea",
                "parameters": [{"$ref": "#/components/parameters/IfMatch"}],
                "responses": {"204": {"description": "Deleted"}, "404": {"$ref": "#/components/responses/NotFound"}, "412": {"$ref": "#/components/responses/PreconditionFailed"}}
              }
            },
            "/api/v1/contacts": {
              "get": {
                "operationId": "listContacts", "tags": ["contacts"], "summary": "The caller's contacts, newest first, a page at a time",
                "parameters": [\#(pageParameters)],
                "responses": {"200": \#(page(of: "Contact")), "422": {"$ref": "#/components/responses/ValidationFailed"}}
              },
              "post": {
                "operationId": "createContact", "tags": ["contacts"], "summary": "Add a contact",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ContactInput"}}}},
                "responses": {
                  "201": {"description": "Created", "headers": {"ETag": {"$ref": "#/components/headers/ETag"}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Contact"}}}},
                  "422": {"$ref": "#/components/responses/ValidationFailed"}
                }
              }
            },
            "/api/v1/contacts/{id}": {
              "parameters": [\#(idParameter)],
              "get": {
                "operationId": "getContact", "tags": ["contacts"], "summary": "One of the caller's contacts",
                "responses": {
                  "200": {"description": "The contact", "headers": {"ETag": {"$ref": "#/components/headers/ETag"}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Contact"}}}},
                  "404": {"$ref": "#/components/responses/NotFound"}
                }
              },
              "put": {
                "operationId": "updateContact", "tags": ["contacts"], "summary": "Change a contact: only the fields sent; null clears an optional one",
                "parameters": [{"$ref": "#/components/parameters/IfMatch"}],
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ContactUpdate"}}}},
                "responses": {
                  "200": {"description": "The contact as changed", "headers": {"ETag": {"$ref": "#/components/headers/ETag"}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Contact"}}}},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "412": {"$ref": "#/components/responses/PreconditionFailed"},
                  "422": {"$ref": "#/components/responses/ValidationFailed"}
                }
              },
              "delete": {
                "operationId": "deleteContact", "tags": ["contacts"], "summary": "Delete a contact and its occasions",
                "parameters": [{"$ref": "#/components/parameters/IfMatch"}],
                "responses": {"204": {"description": "Deleted"}, "404": {"$ref": "#/components/responses/NotFound"}, "412": {"$ref": "#/components/responses/PreconditionFailed"}}
              }
            },
            "/api/v1/contacts/{id}/occasions": {
              "parameters": [\#(idParameter)],
              "get": {
                "operationId": "listOccasions", "tags": ["occasions"], "summary": "A contact's occasions, by date",
                "responses": {
                  "200": {"description": "Occasions", "content": {"application/json": {"schema": {"type": "array", "items": {"$ref": "#/components/schemas/Occasion"}}}}},
                  "404": {"$ref": "#/components/responses/NotFound"}
                }
              },
              "post": {
                "operationId": "createOccasion", "tags": ["occasions"], "summary": "Add an occasion to a contact",
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/OccasionInput"}}}},
                "responses": {
                  "201": {"description": "Created", "headers": {"ETag": {"$ref": "#/components/headers/ETag"}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Occasion"}}}},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "422": {"$ref": "#/components/responses/ValidationFailed"}
                }
              }
            },
            "/api/v1/occasions/{id}": {
              "parameters": [\#(idParameter)],
              "put": {
                "operationId": "updateOccasion", "tags": ["occasions"], "summary": "Change an occasion: only the fields sent",
                "parameters": [{"$ref": "#/components/parameters/IfMatch"}],
                "requestBody": {"required": true, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/OccasionUpdate"}}}},
                "responses": {
                  "200": {"description": "The occasion as changed", "headers": {"ETag": {"$ref": "#/components/headers/ETag"}}, "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Occasion"}}}},
                  "404": {"$ref": "#/components/responses/NotFound"},
                  "412": {"$ref": "#/components/responses/PreconditionFailed"},
                  "422": {"$ref": "#/components/responses/ValidationFailed"}
                }
              },
              "delete": {
                "operationId": "deleteOccasion", "tags": ["occasions"], "summary": "Delete an occasion",
                "parameters": [{"$ref": "#/components/parameters/IfMatch"}],
                "responses": {"204": {"description": "Deleted"}, "404": {"$ref": "#/components/responses/NotFound"}, "412": {"$ref": "#/components/responses/PreconditionFailed"}}
              }
            }
          },
          "components": {
            "schemas": {
              "SearchResults": {
                "type": "object",
                "required": ["query", "results", "embedder"],
                "properties": {
                  "query": {"type": "string"},
                  "embedder": {"type": "string"},
                  "results": {"type": "array", "items": {
                    "type": "object",
                    "required": ["type", "score", "gift_idea", "contact"],
                    "properties": {
                      "type": {"type": "string", "enum": ["gift_idea", "contact"]},
                      "score": {"type": "number"},
                      "gift_idea": {"oneOf": [{"$ref": "#/components/schemas/GiftIdea"}, {"type": "null"}]},
                      "contact": {"oneOf": [{"$ref": "#/components/schemas/Contact"}, {"type": "null"}]}
                    }
                  }}
                }
              },
              "RelatedIdea": {
                "type": "object",
                "required": ["similarity", "gift_idea"],
                "properties": {"similarity": {"type": "number"}, "gift_idea": {"$ref": "#/components/schemas/GiftIdea"}}
              },
              "Reminder": {
                "type": "object",
                "required": ["id", "gift_idea_id", "occasion_id", "scheduled_for", "message", "channel", "status", "automatic", "created_at", "updated_at"],
                "properties": {
                  "id": {"$ref": "#/components/schemas/Uuid"},
                  "gift_idea_id": {"type": ["string", "null"], "format": "uuid"},
                  "occasion_id": {"type": ["string", "null"], "format": "uuid", "description": "Set on the automatic reminder of a contact's occasion"},
                  "scheduled_for": {"$ref": "#/components/schemas/Timestamp"},
                  "message": {"type": "string"},
                  "channel": {"type": "string", "enum": ["push"]},
                  "status": {"type": "string", "enum": ["pending", "sent", "cancelled", "failed"]},
                  "automatic": {"type": "boolean"},
                  "created_at": {"$ref": "#/components/schemas/Timestamp"},
                  "updated_at": {"$ref": "#/components/schemas/Timestamp"}
                }
              },
              "ReminderInput": {
                "type": "object",
                "required": ["gift_idea_id", "scheduled_for"],
                "properties": {
                  "gift_idea_id": {"type": "string", "format": "uuid"},
                  "scheduled_for": {"type": "string", "format": "date-time", "description": "Not more than a minute in the past"},
                  "message": {"type": ["string", "null"], "pattern": "\#(PlatformOpenAPI.optionalTextPattern)", "description": "At most 500 characters; default: the seed's \"Don't forget {name}'s {occasion} on {Month day}!\""},
                  "channel": {"type": ["string", "null"], "enum": ["push", null], "default": "push"}
                },
                "propertyNames": {"pattern": "\#(PlatformOpenAPI.optionalTextPattern)"},
                "additionalProperties": {"$ref": "#/components/schemas/JSONValue"}
              },
              "ReminderUpdate": {
                "type": "object",
                "description": "Only the fields to change; none can be cleared. sent and failed are the server's to set.",
                "properties": {
                  "scheduled_for": {"type": "string", "format": "date-time", "description": "Not more than a minute in the past"},
                  "message": {"type": "string", "minLength": 1, "pattern": "\#(PlatformOpenAPI.requiredTextPattern)", "description": "1 to 500 characters once trimmed"},
                  "channel": {"type": "string", "enum": ["push"]},
                  "status": {"type": "string", "enum": ["pending", "cancelled"]}
                },
                "propertyNames": {"pattern": "\#(PlatformOpenAPI.optionalTextPattern)"},
                "additionalProperties": {"$ref": "#/components/schemas/JSONValue"}
              },
              "VibeKeeperPreferences": {
                "type": "object",
                "required": ["notificationLeadTime"],
                "properties": {"notificationLeadTime": {"type": "integer", "minimum": 0, "maximum": 365, "description": "Days (the seed's key; default 7)"}},
                "propertyNames": {"pattern": "\#(PlatformOpenAPI.optionalTextPattern)"},
                "additionalProperties": {"$ref": "#/components/schemas/JSONValue"}
              },
              "TextCaptureInput": {
                "type": "object",
                "required": ["text_content"],
                "properties": {
                  "text_content": {"type": "string", "minLength": 1, "pattern": "\#(PlatformOpenAPI.requiredTextPattern)", "description": "What the user said or typed: 1 to 10,000 characters once trimmed (longer: 413)"}
                },
                "propertyNames": {"pattern": "\#(PlatformOpenAPI.optionalTextPattern)"},
                "additionalProperties": {"$ref": "#/components/schemas/JSONValue"}
              },
              "VoiceCaptureForm": {
                "type": "object",
                "required": ["voice_file"],
                "description": "Parts other than these are refused (422)",
                "properties": {
                  "voice_file": {"type": "string", "format": "binary", "description": "M4A, WAV or MP3, at most 25 MiB"},
                  "transcript": {"type": "string", "pattern": "\#(PlatformOpenAPI.optionalTextPattern)", "description": "What the app's on-device speech recognition heard (used instead of the server's speech-to-text); blank is none"}
                },
                "additionalProperties": false
              },
              "ImageCaptureForm": {
                "type": "object",
                "required": ["image_file"],
                "description": "Parts other than these are refused (422)",
                "properties": {
                  "image_file": {"type": "string", "format": "binary", "description": "JPEG, PNG, GIF, WebP or HEIC, at most 10 MiB"},
                  "caption": {"type": "string", "pattern": "\#(PlatformOpenAPI.optionalTextPattern)", "description": "Optional; blank is none; at most 10,000 characters"}
                },
                "additionalProperties": false
              },
              "UnifiedCaptureForm": {
                "oneOf": [
                  {
                    "type": "object", "required": ["content_type", "text_content"], "additionalProperties": false,
                    "properties": {"content_type": {"const": "text"}, "text_content": {"type": "string", "minLength": 1, "pattern": "\#(PlatformOpenAPI.requiredTextPattern)"}}
                  },
                  {
                    "type": "object", "required": ["content_type", "media_file"], "additionalProperties": false,
                    "properties": {
                      "content_type": {"const": "voice"}, "media_file": {"type": "string", "format": "binary", "description": "M4A, WAV or MP3, at most 25 MiB"},
                      "transcript": {"type": "string", "pattern": "\#(PlatformOpenAPI.optionalTextPattern)"}
                    }
                  },
                  {
                    "type": "object", "required": ["content_type", "media_file"], "additionalProperties": false,
                    "properties": {
                      "content_type": {"const": "image"}, "media_file": {"type": "string", "format": "binary", "description": "JPEG, PNG, GIF, WebP or HEIC, at most 10 MiB"},
                      "text_content": {"type": "string", "pattern": "\#(PlatformOpenAPI.optionalTextPattern)", "description": "The photo's caption"}
                    }
                  }
                ]
              },
              "UnifiedCaptureText": {
                "type": "object",
                "required": ["content_type", "text_content"],
                "properties": {
                  "content_type": {"type": "string", "enum": ["text"]},
                  "text_content": {"type": "string", "minLength": 1, "pattern": "\#(PlatformOpenAPI.requiredTextPattern)"}
                },
                "propertyNames": {"pattern": "\#(PlatformOpenAPI.optionalTextPattern)"},
                "additionalProperties": {"$ref": "#/components/schemas/JSONValue"}
              },
              "MediaAsset": {
                "type": "object",
                "required": ["id", "type", "content_type", "byte_count", "url", "created_at"],
                "properties": {
                  "id": {"$ref": "#/components/schemas/Uuid"},
                  "type": {"type": "string", "enum": ["image", "audio"]},
                  "content_type": {"type": "string", "description": "Detected from the bytes at upload"},
                  "byte_count": {"type": "integer", "minimum": 1},
                  "url": {"type": "string", "description": "GET it with the bearer token: /vibekeeper/api/v1/media/{id}"},
                  "created_at": {"$ref": "#/components/schemas/Timestamp"}
                }
              },
              "CaptureResult": {
                "allOf": [
                  {"$ref": "#/components/schemas/GiftIdea"},
                  {"type": "object", "required": ["additional_ideas"], "properties": {"additional_ideas": {"type": "array", "items": {"$ref": "#/components/schemas/GiftIdea"}}}}
                ]
              },
              "GiftIdea": {
                "type": "object",
                "required": ["id", "recipient_id", "recipient_name", "idea", "occasion", "date", "tags", "budget_amount", "budget_currency", "budget_range_min", "budget_range_max", "status", "notes", "media_assets", "needs_review", "confidence", "duplicate_of", "created_at", "updated_at"],
                "properties": {
                  "id": {"$ref": "#/components/schemas/Uuid"},
                  "recipient_id": {"type": ["string", "null"], "format": "uuid"},
                  "recipient_name": {"type": ["string", "null"]},
                  "idea": {"type": "string"},
                  "occasion": {"type": ["string", "null"]},
                  "date": {"type": ["string", "null"], "format": "date"},
                  "tags": {"type": "array", "items": {"type": "string"}},
                  "budget_amount": {"type": ["number", "null"]},
                  "budget_currency": {"type": "string"},
                  "budget_range_min": {"type": ["number", "null"]},
                  "budget_range_max": {"type": ["number", "null"]},
                  "status": {"type": "string", "enum": ["idea", "purchased", "given"]},
                  "notes": {"type": ["string", "null"]},
                  "media_assets": {"type": "array", "items": {"$ref": "#/components/schemas/MediaAsset"}},
                  "needs_review": {"type": "boolean"},
                  "confidence": {"type": ["number", "null"]},
                  "duplicate_of": {"type": ["string", "null"], "format": "uuid"},
                  "created_at": {"$ref": "#/components/schemas/Timestamp"},
                  "updated_at": {"$ref": "#/components/schemas/Timestamp"}
                }
              },
              "GiftIdeaInput": {
                "type": "object",
                "required": ["idea"],
                "description": "budget_range_min must not exceed budget_range_max; at most 30 distinct tags once normalised",
                "properties": {
                  "idea": {"type": "string", "minLength": 1, "pattern": "\#(PlatformOpenAPI.requiredTextPattern)", "description": "1 to 500 characters once trimmed"},
                  "status": {"type": ["string", "null"], "enum": ["idea", "purchased", "given", null], "default": "idea"},
                  "recipient_id": {"type": ["string", "null"], "format": "uuid", "description": "One of the caller's contacts (else 404)"},
                  "occasion": {"type": ["string", "null"], "pattern": "\#(PlatformOpenAPI.optionalTextPattern)", "description": "At most 200 characters"},
                  "date": {"type": ["string", "null"], "format": "date", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$", "description": "A real date, YYYY-MM-DD"},
                  "tags": {"type": ["array", "null"], "description": "Trimmed, lower-cased, unique; at most 30 of at most 50 characters", "items": {"type": "string", "pattern": "\#(PlatformOpenAPI.optionalTextPattern)"}},
                  "budget_amount": {"type": ["number", "null"], "minimum": 0, "maximum": 1000000000},
                  "budget_currency": {"type": ["string", "null"], "pattern": "^[A-Za-z]{3}$", "description": "ISO 4217 (upper-cased; default USD)"},
                  "budget_range_min": {"type": ["number", "null"], "minimum": 0, "maximum": 1000000000},
                  "budget_range_max": {"type": ["number", "null"], "minimum": 0, "maximum": 1000000000, "description": "At least budget_range_min"},
                  "notes": {"type": ["string", "null"], "pattern": "\#(PlatformOpenAPI.optionalTextPattern)", "description": "At most 5000 characters"}
                },
                "propertyNames": {"pattern": "\#(PlatformOpenAPI.optionalTextPattern)"},
                "additionalProperties": {"$ref": "#/components/schemas/JSONValue"}
              },
              "GiftIdeaUpdate": {
                "type": "object",
                "description": "Only the fields to change. null clears an optional field (tags become empty, the currency returns to USD); idea and status cannot be cleared. budget_range_min must not exceed budget_range_max once applied.",
                "properties": {
                  "idea": {"type": "string", "minLength": 1, "pattern": "\#(PlatformOpenAPI.requiredTextPattern)", "description": "1 to 500 characters once trimmed"},
                  "status": {"type": "string", "enum": ["idea", "purchased", "given"]},
                  "recipient_id": {"type": ["string", "null"], "format": "uuid", "description": "One of the caller's contacts (else 404)"},
                  "occasion": {"type": ["string", "null"], "pattern": "\#(PlatformOpenAPI.optionalTextPattern)", "description": "At most 200 characters"},
                  "date": {"type": ["string", "null"], "format": "date", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$", "description": "A real date, YYYY-MM-DD"},
                  "tags": {"type": ["array", "null"], "description": "Trimmed, lower-cased, unique; at most 30 of at most 50 characters", "items": {"type": "string", "pattern": "\#(PlatformOpenAPI.optionalTextPattern)"}},
                  "budget_amount": {"type": ["number", "null"], "minimum": 0, "maximum": 1000000000},
                  "budget_currency": {"type": ["string", "null"], "pattern": "^[A-Za-z]{3}$", "description": "ISO 4217 (upper-cased; default USD)"},
                  "budget_range_min": {"type": ["number", "null"], "minimum": 0, "maximum": 1000000000},
                  "budget_range_max": {"type": ["number", "null"], "minimum": 0, "maximum": 1000000000, "description": "At least budget_range_min"},
                  "notes": {"type": ["string", "null"], "pattern": "\#(PlatformOpenAPI.optionalTextPattern)", "description": "At most 5000 characters"}
                },
                "propertyNames": {"pattern": "\#(PlatformOpenAPI.optionalTextPattern)"},
                "additionalProperties": {"$ref": "#/components/schemas/JSONValue"}
              },
              "Contact": {
                "type": "object",
                "required": ["id", "name", "relationship", "preferences", "notes", "aliases", "created_at", "updated_at"],
                "properties": {
                  "id": {"$ref": "#/components/schemas/Uuid"},
                  "name": {"type": "string"},
                  "relationship": {"type": ["string", "null"]},
                  "preferences": {"type": "object", "additionalProperties": {"type": "string"}},
                  "notes": {"type": ["string", "null"]},
                  "aliases": {"type": "array", "items": {"type": "string"}},
                  "created_at": {"$ref": "#/components/schemas/Timestamp"},
                  "updated_at": {"$ref": "#/components/schemas/Timestamp"}
                }
              },
              "ContactPreferences": {
                "type": ["object", "null"],
                "description": "Free-form likes and dislikes: at most 50 entries; keys 1 to 100 characters once trimmed, values at most 1000 (blank values are dropped)",
                "maxProperties": 50,
                "propertyNames": {"pattern": "\#(PlatformOpenAPI.requiredTextPattern)"},
                "additionalProperties": {"type": "string", "pattern": "\#(PlatformOpenAPI.optionalTextPattern)"}
              },
              "ContactAliases": {
                "type": ["array", "null"],
                "description": "Other names the user calls this person (\"Mom\", \"mum\"): at most 20, each at most 200 characters; blank ones, repeats and the name itself are dropped",
                "maxItems": 20,
                "items": {"type": "string", "pattern": "\#(PlatformOpenAPI.optionalTextPattern)"}
              },
              "ContactInput": {
                "type": "object",
                "required": ["name"],
                "properties": {
                  "name": {"type": "string", "minLength": 1, "pattern": "\#(PlatformOpenAPI.requiredTextPattern)", "description": "1 to 200 characters once trimmed"},
                  "relationship": {"type": ["string", "null"], "pattern": "\#(PlatformOpenAPI.optionalTextPattern)", "description": "At most 200 characters"},
                  "preferences": {"$ref": "#/components/schemas/ContactPreferences"},
                  "notes": {"type": ["string", "null"], "pattern": "\#(PlatformOpenAPI.optionalTextPattern)", "description": "At most 5000 characters"},
                  "aliases": {"$ref": "#/components/schemas/ContactAliases"}
                },
                "propertyNames": {"pattern": "\#(PlatformOpenAPI.optionalTextPattern)"},
                "additionalProperties": {"$ref": "#/components/schemas/JSONValue"}
              },
              "ContactUpdate": {
                "type": "object",
                "description": "Only the fields to change. null clears relationship and notes, and empties preferences and aliases; the name cannot be cleared.",
                "properties": {
                  "name": {"type": "string", "minLength": 1, "pattern": "\#(PlatformOpenAPI.requiredTextPattern)", "description": "1 to 200 characters once trimmed"},
                  "relationship": {"type": ["string", "null"], "pattern": "\#(PlatformOpenAPI.optionalTextPattern)", "description": "At most 200 characters"},
                  "preferences": {"$ref": "#/components/schemas/ContactPreferences"},
                  "notes": {"type": ["string", "null"], "pattern": "\#(PlatformOpenAPI.optionalTextPattern)", "description": "At most 5000 characters"},
                  "aliases": {"$ref": "#/components/schemas/ContactAliases"}
                },
                "propertyNames": {"pattern": "\#(PlatformOpenAPI.optionalTextPattern)"},
                "additionalProperties": {"$ref": "#/components/schemas/JSONValue"}
              },
              "Occasion": {
                "type": "object",
                "required": ["id", "contact_id", "name", "date", "recurring", "created_at", "updated_at"],
                "properties": {
                  "id": {"$ref": "#/components/schemas/Uuid"},
                  "contact_id": {"$ref": "#/components/schemas/Uuid"},
                  "name": {"type": "string"},
                  "date": {"type": "string", "format": "date"},
                  "recurring": {"type": "boolean", "description": "Yearly; 29 February falls on 28 February in other years"},
                  "created_at": {"$ref": "#/components/schemas/Timestamp"},
                  "updated_at": {"$ref": "#/components/schemas/Timestamp"}
                }
              },
              "OccasionDate": {"type": "string", "format": "date", "pattern": "^[0-9]{4}-[0-9]{2}-[0-9]{2}$", "description": "A real date, YYYY-MM-DD (years 0001 to 9999)"},
              "OccasionInput": {
                "type": "object",
                "required": ["name", "date"],
                "properties": {
                  "name": {"type": "string", "minLength": 1, "pattern": "\#(PlatformOpenAPI.requiredTextPattern)", "description": "1 to 200 characters once trimmed"},
                  "date": {"$ref": "#/components/schemas/OccasionDate"},
                  "recurring": {"type": ["boolean", "null"], "default": true}
                },
                "propertyNames": {"pattern": "\#(PlatformOpenAPI.optionalTextPattern)"},
                "additionalProperties": {"$ref": "#/components/schemas/JSONValue"}
              },
              "OccasionUpdate": {
                "type": "object",
                "description": "Only the fields to change; none of them can be cleared.",
                "properties": {
                  "name": {"type": "string", "minLength": 1, "pattern": "\#(PlatformOpenAPI.requiredTextPattern)", "description": "1 to 200 characters once trimmed"},
                  "date": {"$ref": "#/components/schemas/OccasionDate"},
                  "recurring": {"type": "boolean"}
                },
                "propertyNames": {"pattern": "\#(PlatformOpenAPI.optionalTextPattern)"},
                "additionalProperties": {"$ref": "#/components/schemas/JSONValue"}
              }
            }
          }
        }
        """#
}
