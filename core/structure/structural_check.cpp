#include "structure/structural_check.h"

#include <algorithm>
#include <bit>
#include <cstdint>
#include <map>
#include <numeric>
#include <set>
#include <string_view>

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
    case Domain::Pneumatic: return "add a pneumatic.Reservoir or a chamber";
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
  // The first node met of each (block, domain): the block's part of a member names it, as a
  // view into the member (no string made per member). Open addressing over the members met
  // (a slot holds the hash and the member's place in `firsts`): no allocation per member,
  // where a node-based map made and freed one for each of a big model's ports.
  struct First {
    std::string_view block;
    Domain domain;
    int node;
  };
  std::vector<First> firsts;
  std::size_t memberCount = 0;
  for (const FlatNode& node : system.nodes) memberCount += node.members.size();
  firsts.reserve(memberCount);
  struct Slot {
    std::uint32_t hash = 0;
    std::int32_t first = -1;
  };
  std::vector<Slot> table(std::bit_ceil(2 * memberCount + 2));
  const std::size_t mask = table.size() - 1;
  for (int i = 0; i < n; ++i)
    for (const std::string& member : system.nodes[i].members) {
      const std::string_view block = std::string_view(member).substr(0, member.rfind('.'));
      const Domain domain = system.nodes[i].domain;
      const auto hash = static_cast<std::uint32_t>(std::hash<std::string_view>()(block) ^
                                                   (static_cast<std::size_t>(domain) * 0x9e3779b97f4a7c15ULL));
      std::size_t at = hash & mask;
      for (; table[at].first >= 0; at = (at + 1) & mask) {
        const First& f = firsts[static_cast<std::size_t>(table[at].first)];
        if (table[at].hash == hash && f.domain == domain && f.block == block) break;
      }
      if (table[at].first >= 0) {
        parent[find(i)] = find(firsts[static_cast<std::size_t>(table[at].first)].node);
        continue;
      }
      table[at] = {hash, static_cast<std::int32_t>(firsts.size())};
      firsts.push_back({block, domain, i});
    }
  std::vector<char> referenced(n, 0);
  for (int i = 0; i < n; ++i)
    if (system.nodes[i].referenced) referenced[find(i)] = 1;
  // The nodes of each floating network, listed once (many floating networks must not each look
  // at all; a referenced one, most often the whole model, is not listed).
  std::vector<std::vector<int>> nodesOf(n);
  for (int i = 0; i < n; ++i)
    if (const int root = find(i); !referenced[root]) nodesOf[root].push_back(i);
  for (int root = 0; root < n; ++root) {
    if (nodesOf[root].empty() || referenced[root]) continue;
    std::set<std::string> blocks, ports;
    for (int i : nodesOf[root])
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

/// The blocks behind some equations and unknowns. `wide` (for equations in excess) also
/// names the blocks at a conservation law's node and those whose aliases were folded in.
std::set<std::string> blocksOf(const FlatSystem& system, const std::vector<int>& equations,
                               const std::vector<int>& unknowns, bool wide) {
  std::set<std::string> blocks;
  for (int e : equations) {
    const FlatEquation& eq = system.equations[e];
    if (eq.block >= 0) blocks.insert(system.blocks[eq.block].id);
    if (!wide) continue;
    for (int b : eq.mergedFrom) blocks.insert(system.blocks[b].id);
    if (eq.node >= 0)  // a conservation law: the blocks at the node
      for (const std::string& member : system.nodes[eq.node].members) blocks.insert(blockOf(member));
  }
  for (int u : unknowns) {
    const FlatUnknown& unknown = system.unknowns[u];
    // A node's across value is named after a port of the node: "I1.n.v" belongs with I1.
    blocks.insert(unknown.block >= 0 ? system.blocks[unknown.block].id
                                     : unknown.name.substr(0, unknown.name.find('.')));
  }
  return blocks;
}

bool anyTypeContains(const FlatSystem& system, const std::set<std::string>& blocks, const std::string& word) {
  for (const FlatBlock& b : system.blocks)
    if (blocks.count(b.id) && b.type.find(word) != std::string::npos) return true;
  return false;
}

}  // namespace

std::vector<Diagnostic> structuralProblems(const FlatSystem& system, const std::string& file) {
  return structuralProblems(system, file, Incidence::of(system));
}

std::vector<Diagnostic> structuralProblems(const FlatSystem& system, const std::string& file,
                                           const Incidence& graph) {
  std::vector<Diagnostic> problems;
  findFloatingNetworks(system, file, problems);
  if (!problems.empty()) return problems;  // a floating network also fails matching; say it once

  const Matching matching = maximumMatching(graph);
  if (matching.perfect()) return problems;
  // One diagnostic for the whole singular part: too many conditions somewhere usually
  // leaves something undetermined elsewhere (two sources in parallel fix one voltage twice
  // and leave the split of their currents open), and the user needs all of it at once.
  const Deficiency d = structuralDeficiency(graph, matching);
  const auto over = blocksOf(system, d.overEquations, {}, true);
  auto involved = blocksOf(system, d.underEquations, d.underUnknowns, false);
  involved.insert(over.begin(), over.end());
  std::set<std::string> undetermined;
  for (int u : d.underUnknowns) undetermined.insert(system.unknowns[u].name);
  std::string why;
  if (!d.overEquations.empty())
    why = anyTypeContains(system, over, "Voltage")
              ? "ideal voltage sources in parallel (or in a loop) fix the same voltage twice"
              : "some blocks impose more conditions than there are unknowns to satisfy them";
  if (!d.underUnknowns.empty()) {
    if (!why.empty()) why += "; ";
    why += anyTypeContains(system, involved, "Current")
               ? "ideal current sources in series (or a cut of them) leave a node voltage undetermined"
               : "nothing determines " + join(undetermined);
  }
  problems.push_back({file, involved.empty() ? "" : *involved.begin(), "",
                      "structurally singular: " + why + " (involved: " + join(involved) + ")"});
  return problems;
}

}  // namespace kelvin::core
