#pragma once
// The RC ladders the canvas tests draw: a source V1 and its ground G, then `sections`
// resistor–capacitor sections (Rk, Ck) in rows, Rk.n to Ck.p and to R(k+1).p, each
// capacitor to the one ground G (hundreds of wires into one port) or to a ground of its own.

#include <string>
#include <utility>
#include <vector>

#include "model/model.h"

namespace kelvin::test {

struct LadderLayout {
  int perRow = 10;          // sections in a row
  double pitch = 120.0;     // from one section to the next along a row
  double rowPitch = 240.0;  // from one row to the next
  bool groundEach = false;  // each capacitor to a ground Gk below it, not to G
  int bendEvery = 0;        // every bendEvery-th wire to G has a stored bend (0: none)
};

inline core::Model ladderModel(int sections, const LadderLayout& layout = {}) {
  core::Model model;
  model.name = "ladder";
  auto block = [&](std::string id, std::string type, double x, double y) {
    core::Block b;
    b.id = std::move(id);
    b.type = std::move(type);
    b.pos = {x, y};
    model.blocks.push_back(b);
  };
  auto wire = [&](std::string from, std::string to, std::vector<core::Point> bend = {}) {
    model.connections.push_back({std::move(from), std::move(to), std::move(bend), {}});
  };
  block("V1", "electrical.VoltageSource", -120, 40);
  block("G", "electrical.Ground", -120, 160);
  wire("V1.n", "G.p");
  wire("V1.p", "R1.p");
  for (int k = 1; k <= sections; ++k) {
    const std::string n = std::to_string(k);
    const double x = layout.pitch * ((k - 1) % layout.perRow), y = layout.rowPitch * ((k - 1) / layout.perRow);
    block("R" + n, "electrical.Resistor", x, y);
    block("C" + n, "electrical.Capacitor", x + 60, y + 60);
    wire("R" + n + ".n", "C" + n + ".p");
    if (layout.groundEach) {
      block("G" + n, "electrical.Ground", x + 60, y + 160);
      wire("C" + n + ".n", "G" + n + ".p");
    } else if (layout.bendEvery > 0 && k % layout.bendEvery == 0) {
      wire("C" + n + ".n", "G.p", {{x + 60, y + 180}, {-120, y + 180}});
    } else {
      wire("C" + n + ".n", "G.p");
    }
    if (k < sections) wire("R" + n + ".n", "R" + std::to_string(k + 1) + ".p");
  }
  return model;
}

}  // namespace kelvin::test
