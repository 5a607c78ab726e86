#pragma once
// Which blocks a message names: diagnostics and log lines name blocks by
// their path ("R1.p: not connected", "Sub1/R1: solver failed ..."), so the
// Problems dock can select them.

#include <QString>
#include <QStringList>

#include "model/model.h"

namespace kelvin::gui {

/// Block paths ("R1", "Sub1/R1") of every block of the model.
QStringList blockPaths(const core::Model& model);

/// The block paths of `model` that `text` names as whole words (letters, digits, '_' and '/').
QStringList blocksNamedIn(const core::Model& model, const QString& text);

}  // namespace kelvin::gui
