#pragma once
// Which signals a Scope block shows: the ones wired into its inputs u1..uN,
// named as the engine names them ("VC.y", "Sub1/VC.y"), in input order. Also
// every such signal of a model, for the run to record them.

#include <string>
#include <vector>

#include <QString>
#include <QStringList>

#include "model/model.h"

namespace kelvin::gui {

/// The type of the scope block.
inline const std::string kScopeType = "signal.Scope";

/// The signals wired into the scope at `scopePath` ("Scope", "Sub1/Scope"), ordered by input;
/// empty when there is no such scope or nothing is wired to it.
QStringList scopeTraceSignals(const core::Model& model, const QString& scopePath);

/// The paths of the model's Scope blocks at every level ("Scope", "Sub1/Scope"), in model order.
QStringList scopeBlockPaths(const core::Model& model);

/// The signals wired into any scope of the model, at any level.
std::vector<std::string> signalsWiredToScopes(const core::Model& model);

}  // namespace kelvin::gui
