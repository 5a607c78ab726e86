#pragma once
// Reads and writes the `.kelvin` file: JSON with "format": "kelvin-model" and
// "version": 1 (see docs and DESIGN.md, "The .kelvin file"):
//
//     { "format": "kelvin-model", "version": 1, "name": "rc_lowpass",
//       "settings": {"stop_time": "10u", "solver": "ida", "rtol": 1e-6, "atol": 1e-9,
//                    "step": "10n", "temperature": 300.15, "projection": true},
//       "variables": [{"name": "f0", "value": "50"}],
//       "blocks": [{"id": "R1", "type": "electrical.Resistor", "params": {"R": "1k"},
//                   "pos": [120, 0], "rotation": 90, "flipped": true}, ...],
//       "connections": [{"from": "V1.p", "to": "R1.p", "points": [[0, 80]]}, ...] }
//
// A block of type "Subsystem" also has "ports" (boundary ports: name, domain,
// direction, pos), "blocks" and "connections". Parameter values may be JSON
// strings or numbers (kept as text either way). Keys this version does not
// know are kept, at every level that has an `extra` in model.h, and written
// back after the known ones. "components" holds the texts of user components
// (each a string, or an array of lines) and "component_files" names files of
// them, relative to the model file, which are read with the model (see
// docs/components.md); both are written back, the files' texts are not.
// "rotation" is written only when not 0, "flipped"
// only when true, "step" only when set.

#include <string>

#include "model/diagnostic.h"
#include "model/model.h"

namespace kelvin::core {

/// Reads and parses the file at `path`. Throws ModelError (file = path) when
/// it cannot be read or parsed; see parseModel.
Model loadModel(const std::string& path);

/// Parses the text of a `.kelvin` file; `fileName` goes into diagnostics.
/// Throws ModelError with every problem found: a JSON syntax error (with line
/// and column), a wrong "format", a "version" newer than this reader, a block
/// without "id" or "type", a duplicate block id, a value of the wrong JSON type.
/// Inner blocks of subsystems are named "Sub1/R1".
Model parseModel(const std::string& jsonText, const std::string& fileName);

/// The model as `.kelvin` text: 2-space indent, keys in a fixed order, then the
/// preserved unknown keys. Throws ModelError if a text is not valid UTF-8.
std::string serializeModel(const Model& model);

/// Writes the model to `path` atomically: to `<path>.tmp-XXXXXX` in the same
/// directory, flushed to disk, then renamed over `path` (a symlink is followed).
/// On failure the temporary file is removed, the old file is left as it was,
/// and ModelError (file = path) is thrown.
void saveModel(const Model& model, const std::string& path);

}  // namespace kelvin::core
