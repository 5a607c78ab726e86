#include "structure/partitioner.h"

#include <algorithm>
#include <map>
#include <numeric>

namespace kelvin::core {

namespace {

/// Union–find over block indices.
class Components {
 public:
  explicit Components(std::size_t n) : parent_(n) { std::iota(parent_.begin(), parent_.end(), 0); }
  int find(int i) { return parent_[i] == i ? i : parent_[i] = find(parent_[i]); }
  void join(int a, int b) { parent_[find(a)] = find(b); }

 private:
  std::vector<int> parent_;
};

std::string blockOfMember(const std::string& member) { return member.substr(0, member.rfind('.')); }

}  // namespace

std::vector<Portion> partitionNetwork(const FlatSystem& flat) {
  const std::size_t n = flat.blocks.size();
  std::map<std::string, int> blockIndex;
  for (std::size_t b = 0; b < n; ++b) blockIndex[flat.blocks[b].id] = static_cast<int>(b);
  std::vector<bool> physical(n, false), linear(n, true);
  std::vector<int> states(n, 0), equations(n, 0), nonlinear(n, 0), differential(n, 0);
  // The blocks at each node.
  std::vector<std::vector<int>> nodeBlocks;
  for (const FlatNode& node : flat.nodes) {
    std::vector<int> blocks;
    for (const std::string& member : node.members) {
      auto it = blockIndex.find(blockOfMember(member));
      if (it == blockIndex.end()) continue;
      physical[it->second] = true;
      if (std::find(blocks.begin(), blocks.end(), it->second) == blocks.end()) blocks.push_back(it->second);
    }
    nodeBlocks.push_back(std::move(blocks));
  }
  for (const FlatEquation& e : flat.equations) {
    if (e.block < 0) continue;
    const ExprNode& node = e.residual.node();
    ++equations[e.block];
    if (!node.linear) ++nonlinear[e.block], linear[e.block] = false;
    if (node.hasDerivative) ++differential[e.block];
  }
  for (const FlatUnknown& u : flat.unknowns)
    if (u.state && u.block >= 0) ++states[u.block];
  std::vector<bool> observer(n, false);
  for (const FlatNoiseSensor& s : flat.noiseSensors)
    if (s.block >= 0) observer[s.block] = true;

  Components components(n);
  for (const std::vector<int>& blocks : nodeBlocks)
    for (std::size_t i = 0; i < blocks.size(); ++i)
      for (std::size_t j = i + 1; j < blocks.size(); ++j)
        if (linear[blocks[i]] == linear[blocks[j]] && !observer[blocks[i]] && !observer[blocks[j]])
          components.join(blocks[i], blocks[j]);

  std::map<int, Portion> byRoot;
  for (std::size_t b = 0; b < n; ++b) {
    if (!physical[b] || observer[b]) continue;
    Portion& p = byRoot[components.find(static_cast<int>(b))];
    p.linear = linear[b];
    p.elements.push_back(flat.blocks[b].id);
    p.blocks.push_back(static_cast<int>(b));
    p.storageElements += states[b] > 0 ? 1 : 0;
    p.equations += equations[b];
    p.nonlinearEquations += nonlinear[b];
    p.differentialEquations += differential[b];
  }
  for (std::size_t k = 0; k < nodeBlocks.size(); ++k) {
    std::vector<int> roots;
    for (int b : nodeBlocks[k]) {
      const int root = components.find(b);
      if (std::find(roots.begin(), roots.end(), root) == roots.end()) roots.push_back(root);
    }
    if (roots.size() < 2) continue;
    std::string name;
    for (const std::string& member : flat.nodes[k].members) name += (name.empty() ? "" : ", ") + member;
    for (int root : roots) {
      auto it = byRoot.find(root);
      if (it == byRoot.end()) continue;  // an observer
      it->second.ports.push_back(name);
      it->second.portNodes.push_back(static_cast<int>(k));
    }
  }
  std::vector<Portion> portions;
  for (auto& [root, p] : byRoot) portions.push_back(std::move(p));
  std::stable_sort(portions.begin(), portions.end(), [](const Portion& a, const Portion& b) {
    if (a.linear != b.linear) return !a.linear;
    return a.elements.size() > b.elements.size();
  });
  return portions;
}

}  // namespace kelvin::core
