#include "document/scope_wiring.h"

#include <algorithm>
#include <map>

#include "document/model_levels.h"

namespace kelvin::gui {

namespace {

/// "Scope.u3" → 3 when `endpoint` is input k of `scope`; 0 otherwise.
int scopeInput(const std::string& endpoint, const std::string& scope) {
  const std::string head = scope + ".u";
  if (endpoint.rfind(head, 0) != 0) return 0;
  try {
    return std::stoi(endpoint.substr(head.size()));
  } catch (const std::exception&) {
    return 0;
  }
}

/// The traces of one scope of one level: input number → signal name.
std::map<int, std::string> tracesOf(const std::string& prefix, const std::string& scope,
                                    const std::vector<core::Connection>& connections) {
  std::map<int, std::string> traces;
  for (const core::Connection& c : connections) {
    if (const int k = scopeInput(c.to, scope)) traces[k] = prefix + c.from;
    if (const int k = scopeInput(c.from, scope)) traces[k] = prefix + c.to;
  }
  return traces;
}

}  // namespace

QStringList scopeTraceSignals(const core::Model& model, const QString& scopePath) {
  QStringList result;
  forEachLevel(model.blocks, model.connections, "",
               [&](const std::string& prefix, const std::vector<core::Block>& blocks,
                   const std::vector<core::Connection>& connections) {
                 for (const core::Block& block : blocks) {
                   if (block.type != kScopeType || QString::fromStdString(prefix + block.id) != scopePath) continue;
                   for (const auto& [k, name] : tracesOf(prefix, block.id, connections))
                     result << QString::fromStdString(name);
                 }
               });
  return result;
}

QStringList scopeBlockPaths(const core::Model& model) {
  QStringList result;
  forEachLevel(model.blocks, model.connections, "",
               [&](const std::string& prefix, const std::vector<core::Block>& blocks, const std::vector<core::Connection>&) {
                 for (const core::Block& block : blocks)
                   if (block.type == kScopeType) result << QString::fromStdString(prefix + block.id);
               });
  return result;
}

std::vector<std::string> signalsWiredToScopes(const core::Model& model) {
  std::vector<std::string> result;
  forEachLevel(model.blocks, model.connections, "",
               [&](const std::string& prefix, const std::vector<core::Block>& blocks,
                   const std::vector<core::Connection>& connections) {
                 for (const core::Block& block : blocks) {
                   if (block.type != kScopeType) continue;
                   for (const auto& [k, name] : tracesOf(prefix, block.id, connections))
                     if (std::find(result.begin(), result.end(), name) == result.end()) result.push_back(name);
                 }
               });
  return result;
}

}  // namespace kelvin::gui
