// The food check (FoodCheck, FoodTable, Diet, StatedRules) is part of Zia's safety: whoever
// imports ZiaSafety reads foods the same way.
@_exported import ZiaFoodRules
