#include "structure/structural_check.h"

#include <algorithm>
#include <map>
#include <numeric>
#include <set>

#include "structure/matching.h"

namespace kelvin::core {

namespace {

std::string blockOf(const std::string& portKey) { return portKey.substr(0, portKey.rfind('.')); }

std::string join(const std::set<std::string>& items) {
  std::string text;
  for (const std::string& s : items) text += (text.empty() ? "" : ", ") + s;
  return text;
}

const char* referenceHint(Domain d) {
  switch (d) {
    case Domain::Electrical: return "add an electrical.Ground";
    case Domain::Rotational: return "add a rotational.Fixed or an inertia";
    case Domain::Translational: return "add a translational.Fixed or a mass";
    case Domain::Hydraulic: return "add a hydraulic.Reservoir";
    case Domain::Thermal: return "add a thermal.TemperatureSource or a heat capacitor";
    case Domain::Signal: break;
  }
  return "";
}

/// Networks (nodes of one domain joined through the blocks they share) with no reference.
void findFloatingNetworks(const FlatSystem& system, const std::string& file, std::vector<Diagnostic>& out) {
  const int n = static_cast<int>(system.nodes.size());
  std::vector<int> parent(n);
  std::iota(parent.begin(), parent.end(), 0);
  auto find = [&](int i) {
    while (parent[i] != i) i = parent[i] = parent[parent[i]];
    return i;
  };
  std::map<std::pair<std::string, Domain>, int> firstNodeOfBlock;
  for (int i = 0; i < n; ++i)
    for (const std::string& member : system.nodes[i].members) {
      auto [it, inserted] = firstNodeOfBlock.emplace(std::make_pair(blockOf(member), system.nodes[i].domain), i);
      if (!inserted) parent[find(i)] = find(it->second);
    }
  std::map<int, bool> referenced;
  for (int i = 0; i < n; ++i) referenced[find(i)] = referenced[find(i)] || system.nodes[i].referenced;
  for (const auto& [root, ok] : referenced) {
    if (ok) continue;
    std::set<std::string> blocks, ports;
    for (int i = 0; i < n; ++i)
      if (find(i) == root)
        for (const std::string& m : system.nodes[i].members) {
          blocks.insert(blockOf(m));
          ports.insert(m);
        }
    const Domain domain = system.nodes[root].domain;
    const std::string first = *ports.begin();
    out.push_back({file, blockOf(first), first.substr(first.rfind('.') + 1),
                   "floating " + std::string(domainName(domain)) + " network (" + join(blocks) +
                       "): no reference anywhere, so its levels are undetermined; " + referenceHint(domain)});
  }
}

std::set<std::string> blocksOf(const FlatSystem& system, const std::vector<int>& equations,
                               const std::vector<int>& unknowns) {
  std::set<std::string> blocks;
  for (int e : equations) {
    const FlatEquation& eq = system.equations[e];
    if (eq.block >= 0) blocks.insert(system.blocks[eq.block].id);
  }
  for (int u : unknowns)
    if (system.unknowns[u].block >= 0) blocks.insert(system.blocks[system.unknowns[u].block].id);
  return blocks;
}

bool anyTypeContains(const FlatSystem& system, const std::set<std::string>& blocks, const std::string& word) {
  for (const FlatBlock& b : system.blocks)
    if (blocks.count(b.id) && b.type.find(word) != std::string::npos) return true;
  return false;
}

}  // namespace

std::vector<Diagnostic> structuralProblems(const FlatSystem& system, const std::string& file) {
  std::vector<Diagnostic> problems;
  findFloatingNetworks(system, file, problems);
  if (!problems.empty()) return problems;  // a floating network also fails matching; say it once

  const Incidence graph = Incidence::of(system);
  const Matching matching = maximumMatching(graph);
  if (matching.perfect()) return problems;
  const Deficiency d = structuralDeficiency(graph, matching);
  if (!d.overEquations.empty()) {
    const auto blocks = blocksOf(system, d.overEquations, {});
    std::string why = anyTypeContains(system, blocks, "Voltage")
                          ? "ideal voltage sources in parallel (or a loop of them) fix the same voltage twice"
                          : "these blocks impose more conditions than there are unknowns to satisfy them";
    problems.push_back({file, blocks.empty() ? "" : *blocks.begin(), "",
                        "over-determined: " + why + " (involved: " + join(blocks) + ")"});
  }
  if (!d.underUnknowns.empty()) {
    const auto blocks = blocksOf(system, d.underEquations, d.underUnknowns);
    std::set<std::string> names;
    for (int u : d.underUnknowns) names.insert(system.unknowns[u].name);
    std::string why = anyTypeContains(system, blocks, "Current")
                          ? "ideal current sources in series (or a cut set of them) leave a node voltage undetermined"
                          : "nothing determines some unknowns";
    problems.push_back({file, blocks.empty() ? "" : *blocks.begin(), "",
                        "under-determined: " + why + " (undetermined: " + join(names) + "; involved: " +
                            join(blocks) + ")"});
  }
  return problems;
}

}  // namespace kelvin::core
