#pragma once
// Grouping blocks of a level into a Subsystem block, and the inverse.
// Pure functions on the level's contents, used by the Group and Ungroup
// commands (and testable without widgets).
//
// Group: the chosen blocks and the wires between them move into a new
// Subsystem block (their positions are kept, so the inside looks like the
// original); each wire cut by the boundary becomes a boundary port, named
// after what it connects to inside ("R1.p" gives the port "R1_p") - or, for
// a signal coming in, after its driver outside, so one driver feeding
// several blocks inside enters once. The port's direction and domain are
// those of the inner port. Outside, the wire then ends at "Sub1.R1_p";
// inside, it starts at the bare port name "R1_p".
//
// Ungroup: the inner blocks come back (renamed when their ids are taken),
// centred on the Subsystem's position; every boundary port is dissolved by
// wiring its driver (signals) or one of its endpoints (physical nets) to
// every other endpoint it joined.

#include <set>
#include <string>
#include <vector>

#include "model/model.h"

namespace kelvin::core {
class BlockRegistry;
}

namespace kelvin::gui {

struct LevelContents {
  std::vector<core::Block> blocks;
  std::vector<core::Connection> connections;
};

/// `level` with the blocks `ids` grouped into a Subsystem block `subsystemId`
/// (which must be free), placed where the first grouped block was listed.
/// `levelPorts` are the boundary ports of the level itself (empty at the top).
LevelContents groupBlocks(const LevelContents& level, const std::vector<core::BoundaryPort>& levelPorts,
                          const std::set<std::string>& ids, const std::string& subsystemId,
                          const core::BlockRegistry& registry, double grid);

/// `level` with the Subsystem block `subsystemId` replaced by its contents.
/// `newIds` receives the ids the inner blocks have at the level.
LevelContents ungroupSubsystem(const LevelContents& level, const std::vector<core::BoundaryPort>& levelPorts,
                               const std::string& subsystemId, const core::BlockRegistry& registry, double grid,
                               std::vector<std::string>* newIds = nullptr);

}  // namespace kelvin::gui
