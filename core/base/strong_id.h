// Strong integer ids (house rule N2): an ObjectId cannot be passed where a ClassId is wanted.
#pragma once

#include <compare>
#include <cstdint>
#include <functional>

namespace mxi::core {

template <typename Tag, typename Rep = uint64_t>
struct StrongId {
  Rep value{};
  constexpr StrongId() = default;
  constexpr explicit StrongId(Rep v) : value(v) {}
  constexpr auto operator<=>(const StrongId&) const = default;
};

}  // namespace mxi::core

template <typename Tag, typename Rep>
struct std::hash<mxi::core::StrongId<Tag, Rep>> {
  size_t operator()(const mxi::core::StrongId<Tag, Rep>& id) const noexcept { return std::hash<Rep>{}(id.value); }
};
