#pragma once
// Test support: hostile .kelvin texts shared by the reader's tests and the GUI's
// (the CLI's are written by tests/hostile/hostile_files.py). Header-only.

#include <string>

namespace kelvin::test {

/// A model whose only block is subsystem s0 holding s1 ... holding s(depth-1) holding one
/// unconnected constant K (valid at any depth the reader accepts: nothing to wire).
inline std::string nestedSubsystems(int depth) {
  std::string text = R"({"format": "kelvin-model", "version": 1, "blocks": [)";
  for (int i = 0; i < depth; ++i)
    text += R"({"id": "s)" + std::to_string(i) + R"(", "type": "Subsystem", "ports": [], "blocks": [)";
  text += R"({"id": "K", "type": "signal.Constant", "params": {"value": "1"}})";
  for (int i = 0; i < depth; ++i) text += R"(], "connections": []})";
  return text + R"(], "connections": []})";
}

}  // namespace kelvin::test
