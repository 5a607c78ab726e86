#pragma once
// A piece of a diagram on the clipboard: blocks and the wires between them,
// as the text of a `.kelvin` model (so it also pastes as readable JSON, and
// between two windows of the application). On paste the ids are renamed to
// be free at the target level and the pieces moved to where they go.

#include <optional>
#include <set>
#include <string>
#include <vector>

#include <QPointF>
#include <QString>

#include "document/diagram_level.h"

namespace kelvin::gui {

class DiagramFragment {
 public:
  /// MIME type of the fragment on the clipboard; the text is also offered as text/plain.
  static const QString kMimeType;

  /// The blocks `ids` of `level` with the connections between two of them, as `.kelvin` text.
  static std::string serialize(const ConstDiagramLevel& level, const std::set<std::string>& ids);

  struct Pieces {
    std::vector<core::Block> blocks;
    std::vector<core::Connection> connections;
    std::vector<std::string> ids;  // the new ids, in order
  };

  /// Reads fragment text; nullopt when it is not a `.kelvin` model. Ids already in `taken` are
  /// renamed ("R1" -> "R2"). With `centre`, the pieces are moved so their middle lands there;
  /// else they are moved by `offset`. Positions stay on the grid (`grid` > 0).
  static std::optional<Pieces> prepare(const std::string& text, const std::set<std::string>& taken,
                                       std::optional<QPointF> centre, QPointF offset, double grid);
};

}  // namespace kelvin::gui
