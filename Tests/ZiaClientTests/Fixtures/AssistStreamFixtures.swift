import Foundation
import Testing

/// Raw bytes of real Zia streams, recorded from the in-process server's offline assistant through the
/// SDK's transport by ``AssistStreamRecorderTests`` (`ZIA_RECORD_FIXTURES=<dir>`): a meal plan and a
/// routine for a household whose names hold accents and an emoji, a medical refusal, and a goal over
/// the monthly quota. Kept as string literals so the test target needs no resources.
enum AssistStreamFixtures {
    /// One recorded stream and the event type it was recorded for.
    struct Fixture: Sendable, CustomTestStringConvertible {
        var name: String
        var expected: String
        var bytes: Data
        var testDescription: String { name }
    }

    static let all = [
        Fixture(name: "meals", expected: "final", bytes: Data(meals.utf8)),
        Fixture(name: "routine", expected: "final", bytes: Data(routine.utf8)),
        Fixture(name: "refusal", expected: "refusal", bytes: Data(refusal.utf8)),
        Fixture(name: "quota", expected: "quota_exceeded", bytes: Data(quota.utf8)),
    ]
}

private let meals = #"""
    event: context
    data: {"event":"context","data":{"conversation_id":"5ecb2b42-379e-4cf1-b8b4-91fb05946432","household":{"adults":[{"age":null,"name":"Renée","role":"parent"},{"age":null,"name":"José","role":"parent"}],"allergies":["peanuts"],"bedtime_preferences":{"bedtime":null,"notes":null,"wake_time":null,"wind_down_minutes":null},"cuisines":["italian","mexican"],"kids":[{"age":4,"dietary_restrictions":[],"name":"Zoë 🦄"},{"age":2,"dietary_restrictions":[],"name":"Noé"}],"onboarding_completed":false,"onboarding_version":0},"profile":{"beta_cohort":null,"display_name":null,"personalization_consent":false,"timezone":null,"user_id":"47973822-d358-48e4-9322-94e7a980712b"},"run_id":"4f093d70-1146-4393-ab62-1daaf6464a17"}}

    event: status
    data: {"event":"status","data":"Planning meals..."}

    event: status
    data: {"event":"status","data":"Fetching recipes..."}

    event: tool_call
    data: {"event":"tool_call","data":{"args":{"k":8,"query":"dinners crème fraîche welcome italian mexican kid friendly dinner"},"name":"fetch_recipes"}}

    event: tool_result
    data: {"event":"tool_result","data":{"count":8}}

    event: token
    data: {"event":"token","data":"Here's "}

    event: token
    data: {"event":"token","data":"a "}

    event: token
    data: {"event":"token","data":"week "}

    event: token
    data: {"event":"token","data":"of "}

    event: token
    data: {"event":"token","data":"family "}

    event: token
    data: {"event":"token","data":"dinners "}

    event: token
    data: {"event":"token","data":"from "}

    event: token
    data: {"event":"token","data":"recipes "}

    event: token
    data: {"event":"token","data":"that "}

    event: token
    data: {"event":"token","data":"fit "}

    event: token
    data: {"event":"token","data":"your "}

    event: token
    data: {"event":"token","data":"household:"}

    event: token
    data: {"event":"token","data":"\n"}

    event: token
    data: {"event":"token","data":"Monday: "}

    event: token
    data: {"event":"token","data":"Baked "}

    event: token
    data: {"event":"token","data":"Ziti"}

    event: token
    data: {"event":"token","data":"\n"}

    event: token
    data: {"event":"token","data":"Tuesday: "}

    event: token
    data: {"event":"token","data":"Black "}

    event: token
    data: {"event":"token","data":"Bean "}

    event: token
    data: {"event":"token","data":"and "}

    event: token
    data: {"event":"token","data":"Sweet "}

    event: token
    data: {"event":"token","data":"Potato "}

    event: token
    data: {"event":"token","data":"Tacos"}

    event: token
    data: {"event":"token","data":"\n"}

    event: token
    data: {"event":"token","data":"Wednesday: "}

    event: token
    data: {"event":"token","data":"Soft "}

    event: token
    data: {"event":"token","data":"Salmon "}

    event: token
    data: {"event":"token","data":"and "}

    event: token
    data: {"event":"token","data":"Sweet "}

    event: token
    data: {"event":"token","data":"Potato "}

    event: token
    data: {"event":"token","data":"Fishcakes"}

    event: token
    data: {"event":"token","data":"\n"}

    event: token
    data: {"event":"token","data":"Thursday: "}

    event: token
    data: {"event":"token","data":"Cabbage "}

    event: token
    data: {"event":"token","data":"Okonomiyaki "}

    event: token
    data: {"event":"token","data":"Pancakes"}

    event: token
    data: {"event":"token","data":"\n"}

    event: token
    data: {"event":"token","data":"Friday: "}

    event: token
    data: {"event":"token","data":"Spaghetti "}

    event: token
    data: {"event":"token","data":"Bolognese"}

    event: token
    data: {"event":"token","data":"\n"}

    event: token
    data: {"event":"token","data":"Saturday: "}

    event: token
    data: {"event":"token","data":"Baked "}

    event: token
    data: {"event":"token","data":"Fish "}

    event: token
    data: {"event":"token","data":"Tacos "}

    event: token
    data: {"event":"token","data":"with "}

    event: token
    data: {"event":"token","data":"Slaw"}

    event: token
    data: {"event":"token","data":"\n"}

    event: token
    data: {"event":"token","data":"Sunday: "}

    event: token
    data: {"event":"token","data":"Tuscan "}

    event: token
    data: {"event":"token","data":"White "}

    event: token
    data: {"event":"token","data":"Bean "}

    event: token
    data: {"event":"token","data":"and "}

    event: token
    data: {"event":"token","data":"Kale "}

    event: token
    data: {"event":"token","data":"Stew"}

    event: token
    data: {"event":"token","data":"\n"}

    event: token
    data: {"event":"token","data":"Cook "}

    event: token
    data: {"event":"token","data":"together "}

    event: token
    data: {"event":"token","data":"and "}

    event: token
    data: {"event":"token","data":"enjoy "}

    event: token
    data: {"event":"token","data":"your "}

    event: token
    data: {"event":"token","data":"week!"}

    event: final
    data: {"event":"final","data":{"cost_usd":0,"grocery":{"aisles":{"bakery":[{"name":"corn tortilla","quantity":20,"unit":"piece"}],"dairy":[{"name":"egg","quantity":5,"unit":"piece"},{"name":"greek yogurt","quantity":100,"unit":"g"},{"name":"mozzarella","quantity":200,"unit":"g"},{"name":"parmesan","quantity":80,"unit":"g"},{"name":"ricotta","quantity":250,"unit":"g"}],"frozen":[{"name":"pea","quantity":150,"unit":"g"}],"meat":[{"name":"ground beef","quantity":500,"unit":"g"}],"other":[{"name":"water","quantity":150,"unit":"ml"}],"pantry":[{"name":"all-purpose flour","quantity":150,"unit":"g"},{"name":"black bean","quantity":800,"unit":"g"},{"name":"canned tomato","quantity":1.2,"unit":"kg"},{"name":"cannellini bean","quantity":800,"unit":"g"},{"name":"ketchup","quantity":2,"unit":"tbsp"},{"name":"mayonnaise","quantity":3,"unit":"tbsp"},{"name":"olive oil","quantity":0.5,"unit":"cup"},{"name":"panko breadcrumb","quantity":60,"unit":"g"},{"name":"rigatoni","quantity":400,"unit":"g"},{"name":"spaghetti","quantity":400,"unit":"g"},{"name":"tomato paste","quantity":2,"unit":"tbsp"},{"name":"tomato sauce","quantity":700,"unit":"ml"},{"name":"vegetable broth","quantity":500,"unit":"ml"},{"name":"vegetable oil","quantity":4,"unit":"tbsp"}],"produce":[{"name":"avocado","quantity":1,"unit":"piece"},{"name":"cabbage","quantity":600,"unit":"g"},{"name":"carrot","quantity":1,"unit":"piece"},{"name":"celery","quantity":1,"unit":"stalk"},{"name":"cilantro","quantity":2,"unit":"bunch"},{"name":"garlic","quantity":5,"unit":"clove"},{"name":"green onion","quantity":6,"unit":"piece"},{"name":"kale","quantity":200,"unit":"g"},{"name":"lime","quantity":2,"unit":"piece"},{"name":"onion","quantity":2,"unit":"piece"},{"name":"rosemary","quantity":1,"unit":"sprig"},{"name":"sweet potato","quantity":4,"unit":"piece"}],"seafood":[{"name":"salmon fillet","quantity":300,"unit":"g"},{"name":"white fish fillet","quantity":500,"unit":"g"}],"spices":[{"name":"chili powder","quantity":2,"unit":"tsp"},{"name":"cumin","quantity":1,"unit":"tsp"},{"name":"italian seasoning","quantity":1,"unit":"tsp"}]}},"meta":{"intent":"meal_planning","strategy":"safety_critical"},"missing_grocery":{"_meta":{"items_reduced":[],"items_removed":[],"items_removed_count":0,"pantry_filtered":true},"aisles":{"bakery":[{"name":"corn tortilla","quantity":20,"unit":"piece"}],"dairy":[{"name":"egg","quantity":5,"unit":"piece"},{"name":"greek yogurt","quantity":100,"unit":"g"},{"name":"mozzarella","quantity":200,"unit":"g"},{"name":"parmesan","quantity":80,"unit":"g"},{"name":"ricotta","quantity":250,"unit":"g"}],"frozen":[{"name":"pea","quantity":150,"unit":"g"}],"meat":[{"name":"ground beef","quantity":500,"unit":"g"}],"other":[{"name":"water","quantity":150,"unit":"ml"}],"pantry":[{"name":"all-purpose flour","quantity":150,"unit":"g"},{"name":"black bean","quantity":800,"unit":"g"},{"name":"canned tomato","quantity":1.2,"unit":"kg"},{"name":"cannellini bean","quantity":800,"unit":"g"},{"name":"ketchup","quantity":2,"unit":"tbsp"},{"name":"mayonnaise","quantity":3,"unit":"tbsp"},{"name":"olive oil","quantity":0.5,"unit":"cup"},{"name":"panko breadcrumb","quantity":60,"unit":"g"},{"name":"rigatoni","quantity":400,"unit":"g"},{"name":"spaghetti","quantity":400,"unit":"g"},{"name":"tomato paste","quantity":2,"unit":"tbsp"},{"name":"tomato sauce","quantity":700,"unit":"ml"},{"name":"vegetable broth","quantity":500,"unit":"ml"},{"name":"vegetable oil","quantity":4,"unit":"tbsp"}],"produce":[{"name":"avocado","quantity":1,"unit":"piece"},{"name":"cabbage","quantity":600,"unit":"g"},{"name":"carrot","quantity":1,"unit":"piece"},{"name":"celery","quantity":1,"unit":"stalk"},{"name":"cilantro","quantity":2,"unit":"bunch"},{"name":"garlic","quantity":5,"unit":"clove"},{"name":"green onion","quantity":6,"unit":"piece"},{"name":"kale","quantity":200,"unit":"g"},{"name":"lime","quantity":2,"unit":"piece"},{"name":"onion","quantity":2,"unit":"piece"},{"name":"rosemary","quantity":1,"unit":"sprig"},{"name":"sweet potato","quantity":4,"unit":"piece"}],"seafood":[{"name":"salmon fillet","quantity":300,"unit":"g"},{"name":"white fish fillet","quantity":500,"unit":"g"}],"spices":[{"name":"chili powder","quantity":2,"unit":"tsp"},{"name":"cumin","quantity":1,"unit":"tsp"},{"name":"italian seasoning","quantity":1,"unit":"tsp"}]}},"plan_text":"Here's a week of family dinners from recipes that fit your household:\nMonday: Baked Ziti\nTuesday: Black Bean and Sweet Potato Tacos\nWednesday: Soft Salmon and Sweet Potato Fishcakes\nThursday: Cabbage Okonomiyaki Pancakes\nFriday: Spaghetti Bolognese\nSaturday: Baked Fish Tacos with Slaw\nSunday: Tuscan White Bean and Kale Stew\nCook together and enjoy your week!","recipes":[{"allergens":["milk","wheat","gluten"],"cuisine":"italian","id":"baked-ziti","ingredients":[{"aisle":"pantry","name":"rigatoni","quantity":400,"unit":"g"},{"aisle":"pantry","name":"tomato sauce","quantity":700,"unit":"ml"},{"aisle":"dairy","name":"ricotta","quantity":250,"unit":"g"},{"aisle":"dairy","name":"mozzarella","quantity":200,"unit":"g"},{"aisle":"dairy","name":"parmesan","quantity":40,"unit":"g"},{"aisle":"spices","name":"italian seasoning","quantity":1,"unit":"tsp"}],"kid_friendly":true,"min_age":2,"prep_minutes":50,"servings":4,"steps":["Heat the oven to 200°C and cook the pasta 2 minutes short of al dente.","Mix the drained pasta with the tomato sauce, ricotta and seasoning.","Spread it in a baking dish and top with mozzarella and parmesan.","Bake for 20–25 minutes until bubbling and golden."],"tags":["dinner","batch","vegetarian"],"title":"Baked Ziti"},{"allergens":[],"cuisine":"mexican","id":"black-bean-tacos","ingredients":[{"aisle":"produce","name":"sweet potato","quantity":2,"unit":"piece"},{"aisle":"pantry","name":"black beans","quantity":800,"unit":"g"},{"aisle":"bakery","name":"corn tortillas","quantity":12,"unit":"piece"},{"aisle":"spices","name":"cumin","quantity":1,"unit":"tsp"},{"aisle":"spices","name":"chili powder","quantity":1,"unit":"tsp"},{"aisle":"pantry","name":"olive oil","quantity":2,"unit":"tbsp"},{"aisle":"produce","name":"avocado","quantity":1,"unit":"piece"},{"aisle":"produce","name":"lime","quantity":1,"unit":"piece"},{"aisle":"produce","name":"cilantro","quantity":1,"unit":"bunch"}],"kid_friendly":true,"min_age":2,"prep_minutes":35,"servings":4,"steps":["Heat the oven to 220°C; dice the sweet potatoes, toss with oil and spices and roast 25 minutes.","Warm the drained black beans with a splash of water and mash them lightly.","Warm the tortillas in a dry pan.","Fill the tortillas with beans and sweet potato, top with avocado, cilantro and a squeeze of lime."],"tags":["dinner","vegetarian","vegan"],"title":"Black Bean and Sweet Potato Tacos"},{"allergens":["egg","fish","wheat","gluten"],"cuisine":"british","id":"salmon-sweet-potato-fishcakes","ingredients":[{"aisle":"seafood","name":"salmon fillets","quantity":300,"unit":"g"},{"aisle":"produce","name":"sweet potato","quantity":2,"unit":"piece"},{"aisle":"produce","name":"green onions","quantity":3,"unit":"piece"},{"aisle":"dairy","name":"eggs","quantity":1,"unit":"piece"},{"aisle":"pantry","name":"panko breadcrumbs","quantity":60,"unit":"g"},{"aisle":"pantry","name":"vegetable oil","quantity":2,"unit":"tbsp"},{"aisle":"frozen","name":"peas","quantity":150,"unit":"g"}],"kid_friendly":true,"min_age":1,"prep_minutes":40,"servings":4,"steps":["Bake the sweet potatoes and the salmon at 200°C for 20 minutes, then scoop and flake them.","Mix with the sliced green onions and shape 8 small cakes.","Dip in beaten egg, then breadcrumbs, and pan-fry in the oil 3 minutes a side.","Serve with peas."],"tags":["dinner","kid"],"title":"Soft Salmon and Sweet Potato Fishcakes"},{"allergens":["egg","wheat","gluten"],"cuisine":"japanese","id":"okonomiyaki","ingredients":[{"aisle":"produce","name":"cabbage","quantity":400,"unit":"g"},{"aisle":"pantry","name":"all-purpose flour","quantity":150,"unit":"g"},{"aisle":"dairy","name":"eggs","quantity":4,"unit":"piece"},{"aisle":"other","name":"water","quantity":150,"unit":"ml"},{"aisle":"produce","name":"green onions","quantity":3,"unit":"piece"},{"aisle":"pantry","name":"vegetable oil","quantity":2,"unit":"tbsp"},{"aisle":"pantry","name":"mayonnaise","quantity":3,"unit":"tbsp"},{"aisle":"pantry","name":"ketchup","quantity":2,"unit":"tbsp"}],"kid_friendly":true,"min_age":2,"prep_minutes":30,"servings":4,"steps":["Finely shred the cabbage and slice the green onions.","Whisk the flour, eggs and water into a batter and fold in the vegetables.","Cook ladlefuls in an oiled pan over medium heat, 4–5 minutes a side, until set and golden.","Serve drizzled with mayonnaise and ketchup."],"tags":["dinner","vegetarian","quick","asian"],"title":"Cabbage Okonomiyaki Pancakes"},{"allergens":["milk","wheat","gluten","celery"],"cuisine":"italian","id":"spaghetti-bolognese","ingredients":[{"aisle":"pantry","name":"spaghetti","quantity":400,"unit":"g"},{"aisle":"meat","name":"ground beef","quantity":500,"unit":"g"},{"aisle":"produce","name":"onion","quantity":1,"unit":"piece"},{"aisle":"produce","name":"carrot","quantity":1,"unit":"piece"},{"aisle":"produce","name":"celery","quantity":1,"unit":"stalk"},{"aisle":"produce","name":"garlic","quantity":2,"unit":"clove"},{"aisle":"pantry","name":"canned crushed tomatoes","quantity":800,"unit":"g"},{"aisle":"pantry","name":"tomato paste","quantity":2,"unit":"tbsp"},{"aisle":"pantry","name":"olive oil","quantity":2,"unit":"tbsp"},{"aisle":"dairy","name":"parmesan","quantity":40,"unit":"g"}],"kid_friendly":true,"min_age":1,"prep_minutes":50,"servings":4,"steps":["Finely chop the onion, carrot and celery and soften them in the olive oil over medium heat for 8 minutes.","Add the garlic and the beef; cook, breaking it up, until browned.","Stir in the tomato paste and crushed tomatoes, then simmer uncovered for 30 minutes, stirring now and then.","Cook the spaghetti in salted boiling water until al dente and drain.","Toss the pasta with the sauce and serve with grated parmesan."],"tags":["dinner","batch"],"title":"Spaghetti Bolognese"},{"allergens":["milk","fish"],"cuisine":"mexican","id":"fish-tacos","ingredients":[{"aisle":"seafood","name":"white fish fillets","quantity":500,"unit":"g"},{"aisle":"bakery","name":"corn tortillas","quantity":8,"unit":"piece"},{"aisle":"produce","name":"cabbage","quantity":200,"unit":"g"},{"aisle":"produce","name":"lime","quantity":1,"unit":"piece"},{"aisle":"spices","name":"chili powder","quantity":1,"unit":"tsp"},{"aisle":"pantry","name":"olive oil","quantity":1,"unit":"tbsp"},{"aisle":"dairy","name":"greek yogurt","quantity":100,"unit":"g"},{"aisle":"produce","name":"cilantro","quantity":1,"unit":"bunch"}],"kid_friendly":true,"min_age":2,"prep_minutes":25,"servings":4,"steps":["Heat the oven to 200°C, rub the fish with oil and chili powder and bake 12 minutes.","Shred the cabbage and toss with lime juice and a pinch of salt.","Stir the remaining lime juice into the yogurt.","Flake the fish into warm tortillas and top with slaw, lime yogurt and cilantro."],"tags":["dinner","quick"],"title":"Baked Fish Tacos with Slaw"},{"allergens":["celery"],"cuisine":"italian","id":"tuscan-white-bean-stew","ingredients":[{"aisle":"pantry","name":"cannellini beans","quantity":800,"unit":"g"},{"aisle":"produce","name":"onion","quantity":1,"unit":"piece"},{"aisle":"produce","name":"garlic","quantity":3,"unit":"clove"},{"aisle":"produce","name":"kale","quantity":200,"unit":"g"},{"aisle":"pantry","name":"canned diced tomatoes","quantity":400,"unit":"g"},{"aisle":"pantry","name":"vegetable broth","quantity":500,"unit":"ml"},{"aisle":"pantry","name":"olive oil","quantity":3,"unit":"tbsp"},{"aisle":"produce","name":"rosemary","quantity":1,"unit":"sprig"}],"kid_friendly":true,"min_age":1,"prep_minutes":30,"servings":4,"steps":["Soften the chopped onion in olive oil for 6 minutes, then add the garlic and rosemary.","Add the tomatoes, broth and drained beans and simmer for 10 minutes.","Stir in the shredded kale and cook until tender, 5 minutes.","Mash a few beans against the pan to thicken the stew, season and serve."],"tags":["dinner","one-pot","quick","vegetarian","vegan"],"title":"Tuscan White Bean and Kale Stew"}],"text":"Here's a week of family dinners from recipes that fit your household:\nMonday: Baked Ziti\nTuesday: Black Bean and Sweet Potato Tacos\nWednesday: Soft Salmon and Sweet Potato Fishcakes\nThursday: Cabbage Okonomiyaki Pancakes\nFriday: Spaghetti Bolognese\nSaturday: Baked Fish Tacos with Slaw\nSunday: Tuscan White Bean and Kale Stew\nCook together and enjoy your week!","usage":{"input_tokens":747,"output_tokens":64,"total_tokens":811}}}

    event: done
    data: {"event":"done","elapsed_ms":49}


    """#

private let routine = #"""
    event: context
    data: {"event":"context","data":{"conversation_id":"0bb100a7-d331-4a18-9563-1f54fd272d90","household":{"adults":[{"age":null,"name":"Renée","role":"parent"},{"age":null,"name":"José","role":"parent"}],"allergies":["peanuts"],"bedtime_preferences":{"bedtime":null,"notes":null,"wake_time":null,"wind_down_minutes":null},"cuisines":["italian","mexican"],"kids":[{"age":4,"dietary_restrictions":[],"name":"Zoë 🦄"},{"age":2,"dietary_restrictions":[],"name":"Noé"}],"onboarding_completed":false,"onboarding_version":0},"profile":{"beta_cohort":null,"display_name":null,"personalization_consent":false,"timezone":null,"user_id":"47973822-d358-48e4-9322-94e7a980712b"},"run_id":"0414ddd9-1598-4b33-97cf-89831c102af4"}}

    event: status
    data: {"event":"status","data":"Planning your routine..."}

    event: token
    data: {"event":"token","data":"Here's "}

    event: token
    data: {"event":"token","data":"a "}

    event: token
    data: {"event":"token","data":"bedtime "}

    event: token
    data: {"event":"token","data":"routine, "}

    event: token
    data: {"event":"token","data":"55 "}

    event: token
    data: {"event":"token","data":"minutes "}

    event: token
    data: {"event":"token","data":"in "}

    event: token
    data: {"event":"token","data":"all:"}

    event: token
    data: {"event":"token","data":"\n"}

    event: token
    data: {"event":"token","data":"18:05 "}

    event: token
    data: {"event":"token","data":"— "}

    event: token
    data: {"event":"token","data":"Warm "}

    event: token
    data: {"event":"token","data":"bath "}

    event: token
    data: {"event":"token","data":"(15 "}

    event: token
    data: {"event":"token","data":"min)"}

    event: token
    data: {"event":"token","data":"\n"}

    event: token
    data: {"event":"token","data":"18:20 "}

    event: token
    data: {"event":"token","data":"— "}

    event: token
    data: {"event":"token","data":"Pajamas "}

    event: token
    data: {"event":"token","data":"and "}

    event: token
    data: {"event":"token","data":"a "}

    event: token
    data: {"event":"token","data":"fresh "}

    event: token
    data: {"event":"token","data":"diaper "}

    event: token
    data: {"event":"token","data":"(10 "}

    event: token
    data: {"event":"token","data":"min)"}

    event: token
    data: {"event":"token","data":"\n"}

    event: token
    data: {"event":"token","data":"18:30 "}

    event: token
    data: {"event":"token","data":"— "}

    event: token
    data: {"event":"token","data":"Feed "}

    event: token
    data: {"event":"token","data":"and "}

    event: token
    data: {"event":"token","data":"brush "}

    event: token
    data: {"event":"token","data":"teeth "}

    event: token
    data: {"event":"token","data":"(15 "}

    event: token
    data: {"event":"token","data":"min)"}

    event: token
    data: {"event":"token","data":"\n"}

    event: token
    data: {"event":"token","data":"18:45 "}

    event: token
    data: {"event":"token","data":"— "}

    event: token
    data: {"event":"token","data":"Quiet "}

    event: token
    data: {"event":"token","data":"song "}

    event: token
    data: {"event":"token","data":"or "}

    event: token
    data: {"event":"token","data":"book, "}

    event: token
    data: {"event":"token","data":"dim "}

    event: token
    data: {"event":"token","data":"lights "}

    event: token
    data: {"event":"token","data":"(10 "}

    event: token
    data: {"event":"token","data":"min)"}

    event: token
    data: {"event":"token","data":"\n"}

    event: token
    data: {"event":"token","data":"18:55 "}

    event: token
    data: {"event":"token","data":"— "}

    event: token
    data: {"event":"token","data":"Cuddle, "}

    event: token
    data: {"event":"token","data":"goodnight, "}

    event: token
    data: {"event":"token","data":"lights "}

    event: token
    data: {"event":"token","data":"out "}

    event: token
    data: {"event":"token","data":"(5 "}

    event: token
    data: {"event":"token","data":"min)"}

    event: token
    data: {"event":"token","data":"\n"}

    event: token
    data: {"event":"token","data":"Keep "}

    event: token
    data: {"event":"token","data":"it "}

    event: token
    data: {"event":"token","data":"the "}

    event: token
    data: {"event":"token","data":"same "}

    event: token
    data: {"event":"token","data":"every "}

    event: token
    data: {"event":"token","data":"day; "}

    event: token
    data: {"event":"token","data":"consistency "}

    event: token
    data: {"event":"token","data":"is "}

    event: token
    data: {"event":"token","data":"what "}

    event: token
    data: {"event":"token","data":"makes "}

    event: token
    data: {"event":"token","data":"it "}

    event: token
    data: {"event":"token","data":"work."}

    event: final
    data: {"event":"final","data":{"cost_usd":0,"meta":{"intent":"routines","routine_type":"bedtime","strategy":"fast_fallback"},"routine":{"steps":[{"minutes":15,"time":"18:05","title":"Warm bath"},{"minutes":10,"time":"18:20","title":"Pajamas and a fresh diaper"},{"minutes":15,"time":"18:30","title":"Feed and brush teeth"},{"minutes":10,"time":"18:45","title":"Quiet song or book, dim lights"},{"minutes":5,"time":"18:55","title":"Cuddle, goodnight, lights out"}],"total_minutes":55,"type":"bedtime"},"text":"Here's a bedtime routine, 55 minutes in all:\n18:05 — Warm bath (15 min)\n18:20 — Pajamas and a fresh diaper (10 min)\n18:30 — Feed and brush teeth (15 min)\n18:45 — Quiet song or book, dim lights (10 min)\n18:55 — Cuddle, goodnight, lights out (5 min)\nKeep it the same every day; consistency is what makes it work.","usage":{"input_tokens":235,"output_tokens":61,"total_tokens":296}}}

    event: done
    data: {"event":"done","elapsed_ms":2}


    """#

private let refusal = #"""
    event: context
    data: {"event":"context","data":{"conversation_id":"23fbb859-b5fa-4018-a4ac-5e3d2a90466b","household":{"adults":[{"age":null,"name":"Renée","role":"parent"},{"age":null,"name":"José","role":"parent"}],"allergies":["peanuts"],"bedtime_preferences":{"bedtime":null,"notes":null,"wake_time":null,"wind_down_minutes":null},"cuisines":["italian","mexican"],"kids":[{"age":4,"dietary_restrictions":[],"name":"Zoë 🦄"},{"age":2,"dietary_restrictions":[],"name":"Noé"}],"onboarding_completed":false,"onboarding_version":0},"profile":{"beta_cohort":null,"display_name":null,"personalization_consent":false,"timezone":null,"user_id":"47973822-d358-48e4-9322-94e7a980712b"},"run_id":"f0869642-07df-494c-bd3e-ad9f522ff23e"}}

    event: refusal
    data: {"event":"refusal","data":{"reason":"medical","refusal_text":"I can't provide medical advice. Please consult a pediatrician."}}

    event: done
    data: {"event":"done","elapsed_ms":1}


    """#

private let quota = #"""
    event: context
    data: {"event":"context","data":{"conversation_id":"12a22e27-b469-40ca-ad98-d830fe90d9ec","household":{"adults":[{"age":null,"name":"Renée","role":"parent"},{"age":null,"name":"José","role":"parent"}],"allergies":["peanuts"],"bedtime_preferences":{"bedtime":null,"notes":null,"wake_time":null,"wind_down_minutes":null},"cuisines":["italian","mexican"],"kids":[{"age":4,"dietary_restrictions":[],"name":"Zoë 🦄"},{"age":2,"dietary_restrictions":[],"name":"Noé"}],"onboarding_completed":false,"onboarding_version":0},"profile":{"beta_cohort":null,"display_name":null,"personalization_consent":false,"timezone":null,"user_id":"47973822-d358-48e4-9322-94e7a980712b"},"run_id":"24568069-1981-475d-8e0c-2fbb177d6acd"}}

    event: quota_exceeded
    data: {"event":"quota_exceeded","data":{"limit":2,"message":"You have used all 2 assistant requests for this month. Requests renew on 2026-12-01.","resets_at":"2026-12-01T00:00:00.000Z","used":2}}

    event: done
    data: {"event":"done","elapsed_ms":0}


    """#
