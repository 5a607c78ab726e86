#pragma once
// Test support: the RC ladder of bench/make_rc_ladder.py built as a core::Model. Header-only.

#include <map>
#include <string>

#include "model/model.h"

namespace kelvin::test {

inline core::Block ladderBlock(std::string id, std::string type, std::map<std::string, std::string> params = {}) {
  core::Block b;
  b.id = std::move(id);
  b.type = std::move(type);
  b.params = std::move(params);
  return b;
}

inline core::Connection ladderWire(std::string from, std::string to) {
  core::Connection c;
  c.from = std::move(from);
  c.to = std::move(to);
  return c;
}

/// A 1 V source V1 drives R1 into node 1; section k is Rk (1 kΩ) from node k−1 to node k and Ck
/// (1 pF, from 0 V) from node k to ground G. Section `oddSection`, if any, has Rk = 2 kΩ instead.
inline core::Model rcLadder(int sections, int oddSection = 0) {
  core::Model m;
  m.name = "rc_ladder_" + std::to_string(sections);
  m.blocks.push_back(ladderBlock("V1", "electrical.VoltageSource", {{"V", "1"}}));
  m.blocks.push_back(ladderBlock("G", "electrical.Ground"));
  m.connections.push_back(ladderWire("V1.n", "G.p"));
  m.connections.push_back(ladderWire("V1.p", "R1.p"));
  for (int k = 1; k <= sections; ++k) {
    const std::string n = std::to_string(k);
    m.blocks.push_back(ladderBlock("R" + n, "electrical.Resistor", {{"R", k == oddSection ? "2k" : "1k"}}));
    m.blocks.push_back(ladderBlock("C" + n, "electrical.Capacitor", {{"C", "1p"}, {"v0", "0"}}));
    m.connections.push_back(ladderWire("R" + n + ".n", "C" + n + ".p"));
    m.connections.push_back(ladderWire("C" + n + ".n", "G.p"));
    if (k < sections) m.connections.push_back(ladderWire("R" + n + ".n", "R" + std::to_string(k + 1) + ".p"));
  }
  return m;
}

}  // namespace kelvin::test
