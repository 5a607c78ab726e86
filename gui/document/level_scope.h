#pragma once
// The names a parameter expression may use at one level of a model: the
// model's variables, and inside a subsystem the parameters of each enclosing
// Subsystem block (inner ones hide outer ones). For validating what the user
// types; names that fail to evaluate are left out.

#include "document/diagram_level.h"
#include "model/parameter_evaluator.h"

namespace kelvin::gui {

core::ParameterScope scopeForLevel(const core::Model& model, const LevelPath& level);

}  // namespace kelvin::gui
