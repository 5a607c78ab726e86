#include "structure/blt.h"

#include <algorithm>

namespace kelvin::core {

std::vector<std::vector<int>> bltBlocks(const Incidence& graph, const Matching& matching) {
  const int n = static_cast<int>(graph.unknownsOf.size());
  std::vector<int> index(n, -1), low(n, 0), stack;
  std::vector<bool> onStack(n, false);
  std::vector<std::vector<int>> blocks;
  int counter = 0;
  struct Frame {
    int equation;
    std::size_t next;
  };
  for (int root = 0; root < n; ++root) {
    if (index[root] >= 0) continue;
    std::vector<Frame> frames{{root, 0}};
    index[root] = low[root] = counter++;
    stack.push_back(root);
    onStack[root] = true;
    while (!frames.empty()) {
      Frame& f = frames.back();
      // Equation e depends on the equation that determines each unknown it uses.
      const auto& adj = graph.unknownsOf[f.equation];
      if (f.next < adj.size()) {
        const int w = matching.equationOfUnknown[adj[f.next++]];
        if (w < 0 || w == f.equation) continue;
        if (index[w] < 0) {
          index[w] = low[w] = counter++;
          stack.push_back(w);
          onStack[w] = true;
          frames.push_back({w, 0});
        } else if (onStack[w]) {
          low[f.equation] = std::min(low[f.equation], index[w]);
        }
        continue;
      }
      const int v = f.equation;
      frames.pop_back();
      if (!frames.empty()) low[frames.back().equation] = std::min(low[frames.back().equation], low[v]);
      if (low[v] != index[v]) continue;
      std::vector<int> block;
      int w;
      do {
        w = stack.back();
        stack.pop_back();
        onStack[w] = false;
        block.push_back(w);
      } while (w != v);
      blocks.push_back(std::move(block));  // Tarjan emits dependencies first
    }
  }
  return blocks;
}

}  // namespace kelvin::core
