// The agent's collectors, in the order they are polled and shown log lines. The built-in ones
// are added by registerCollectors() (collectors/collectors.cpp, one line each); a test may add
// its own before the server runs.
#pragma once

#include <memory>
#include <utility>
#include <vector>

#include "device-agent/src/collector.h"

namespace mxi::agent {

class CollectorRegistry {
 public:
  template <class T, class... Args>
  T& add(Args&&... args) {
    auto collector = std::make_unique<T>(std::forward<Args>(args)...);
    T& added = *collector;
    m_collectors.push_back(std::move(collector));
    return added;
  }
  const std::vector<std::unique_ptr<Collector>>& collectors() const { return m_collectors; }

 private:
  std::vector<std::unique_ptr<Collector>> m_collectors;
};

// The built-in collectors (collectors/collectors.cpp).
void registerCollectors(CollectorRegistry& registry);

}  // namespace mxi::agent
