#pragma once
// The DC operating point of a model as the GUI shows it (Simulation ▸ Operating
// Point): every signal `kelvin-cli op` writes, in its order and with the same
// values, each with its unit where the signal is a physical port's across value;
// the through value (current, torque, ...) of every two-terminal element; and,
// for the canvas, which node each physical port belongs to. Made on a pool thread
// by solveOperatingPoint(); a plain value afterwards.

#include <atomic>
#include <map>
#include <string>
#include <vector>

#include <QString>

#include "model/model.h"

namespace kelvin::core {
class BlockRegistry;
}

namespace kelvin::gui {

struct OperatingPointValues {
  /// One row of the table: a signal named as kelvin-cli names it ("R1.p", "C1.v"), or the
  /// through value of a two-terminal element at its first port ("R1.p.i").
  struct Entry {
    std::string name;
    double value = 0.0;
    QString unit;  // "V", "A", "rad/s", ...; empty where the signal's unit is not known
  };
  /// A two-terminal element's through value: `value` flows into the element at port
  /// `from` and out of it at port `to` (from p to n through a resistor when positive).
  struct Branch {
    std::string from, to;  // port names, "p" and "n"
    double value = 0.0;
    QString unit;
  };
  /// A physical node (connected ports): its across value.
  struct Node {
    double value = 0.0;
    QString unit;
    bool referenced = false;  // holds a reference port (ground, a fixed flange)
  };

  std::vector<Entry> entries;              // the signals in kelvin-cli op's order, then the branches
  std::map<std::string, Branch> branches;  // element path ("R1", "Sub1/R1") → its branch
  std::vector<Node> nodes;
  std::map<std::string, int> nodeOfPort;  // port path ("Sub1/R1.p") → index into nodes
};

/// Compiles `model` and solves its DC operating point (core::dcOperatingPoint with the model's
/// settings) — what `kelvin-cli op` does. Throws core::ModelError naming the blocks when the
/// model does not compile or the solve fails, core::AnalysisCancelled when `cancel` is set
/// between the steps (the solve itself runs to its end: Newton and its continuations are bounded).
OperatingPointValues solveOperatingPoint(const core::Model& model, const core::BlockRegistry& registry,
                                         const std::string& file, const std::atomic<bool>* cancel);

}  // namespace kelvin::gui
