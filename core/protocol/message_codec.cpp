#include "core/protocol/message_codec.h"

#include <type_traits>
#include <utility>

#include "core/protocol/byte_io.h"
#include "core/protocol/message_fields.h"

namespace mxi::core::protocol {

namespace {

// The visitors of message_fields.h's field lists. A field's wire form depends only on its C++
// type (or the list call naming it), so the encoder and the decoder below cannot disagree.
template <class T>
constexpr bool kIsBlob = std::is_same_v<T, std::vector<uint8_t>>;

// Writes the newest layout of every field.
class Encoder {
 public:
  explicit Encoder(std::vector<uint8_t>& out) : m_w(out) {}

  template <class T>
  void operator()(const T& v, const char* name) {
    if constexpr (std::is_enum_v<T>) {
      (*this)(static_cast<std::underlying_type_t<T>>(v), name);
    } else if constexpr (std::is_same_v<T, bool>) {
      m_w.u8(v ? 1 : 0);
    } else if constexpr (std::is_same_v<T, std::string>) {
      m_w.str(v);
    } else if constexpr (kIsBlob<T>) {
      m_w.u32(static_cast<uint32_t>(v.size()));
      m_w.bytes(v);
    } else {
      m_w.integer(v);
    }
  }
  template <class E>
  void known(E v, E, const char* name) {
    (*this)(v, name);
  }
  template <class E>
  void knownOr(E v, E, E, const char* name) {
    (*this)(v, name);
  }
  template <class T>
  void since(int, const T& v, const char* name) {
    (*this)(v, name);
  }
  template <class T>
  void since(int, const T& v, const char* name, const T&) {
    (*this)(v, name);
  }
  template <class T>
  void list(const std::vector<T>& v, const char*) {
    m_w.u32(static_cast<uint32_t>(v.size()));
    for (const T& e : v) fields(*this, e);
  }
  template <class T>
  void entries(const std::vector<T>& v, const char*, const char*) {
    m_w.u32(static_cast<uint32_t>(v.size()));
    std::vector<uint8_t> entry;
    for (const T& e : v) {
      entry.clear();
      Encoder inner(entry);
      fields(inner, e);
      m_w.u32(static_cast<uint32_t>(entry.size()));
      m_w.bytes(entry);
    }
  }

 private:
  ByteWriter m_w;
};

// The fewest bytes a record of type T takes (appended fields absent, strings and lists empty):
// a count of records the rest of a payload cannot hold is refused before anything is allocated.
class MinBytes {
 public:
  template <class T>
  static size_t of() {
    MinBytes m;
    const T record{};
    fields(m, record);
    return m.m_bytes;
  }

  template <class T>
  void operator()(const T&, const char*) {
    if constexpr (std::is_enum_v<T>) {
      m_bytes += sizeof(std::underlying_type_t<T>);
    } else if constexpr (std::is_same_v<T, bool>) {
      m_bytes += 1;
    } else if constexpr (std::is_same_v<T, std::string> || kIsBlob<T>) {
      m_bytes += 4;
    } else {
      m_bytes += sizeof(T);
    }
  }
  template <class E>
  void known(E v, E, const char* name) {
    (*this)(v, name);
  }
  template <class E>
  void knownOr(E v, E, E, const char* name) {
    (*this)(v, name);
  }
  template <class... A>
  void since(A&&...) {}
  template <class... A>
  void list(A&&...) {
    m_bytes += 4;
  }
  template <class... A>
  void entries(A&&...) {
    m_bytes += 4;
  }

 private:
  size_t m_bytes = 0;
};

// The newest layout version a message's fields name (the frame header's version byte).
class NewestLayout {
 public:
  template <class T>
  static uint8_t of() {
    NewestLayout n;
    const T message{};
    fields(n, message);
    return n.m_layout;
  }

  template <class... A>
  void operator()(A&&...) {}
  template <class... A>
  void known(A&&...) {}
  template <class... A>
  void knownOr(A&&...) {}
  template <class... A>
  void since(int layout, A&&...) {
    m_layout = std::max(m_layout, static_cast<uint8_t>(layout));
  }
  template <class... A>
  void list(A&&...) {}
  template <class... A>
  void entries(A&&...) {}

 private:
  uint8_t m_layout = 1;
};

// Reads fields until the first error, which it keeps (with the offset inside the payload).
class Decoder {
 public:
  explicit Decoder(ByteReader& r) : m_r(r) {}
  const Status& status() const { return m_status; }

  template <class T>
  void operator()(T& v, const char* name) {
    if (!m_status.ok()) return;
    if constexpr (std::is_enum_v<T>) {
      std::underlying_type_t<T> raw{};
      m_status = m_r.integer(raw, name);
      v = static_cast<T>(raw);
    } else if constexpr (std::is_same_v<T, bool>) {
      uint8_t raw = 0;
      m_status = m_r.u8(raw, name);
      v = raw != 0;
    } else if constexpr (std::is_same_v<T, std::string>) {
      m_status = m_r.str(v, name);
    } else if constexpr (kIsBlob<T>) {
      m_status = m_r.blob(v, name);
    } else {
      m_status = m_r.integer(v, name);
    }
  }
  template <class E>
  void known(E& v, E last, const char* name) {
    const size_t at = m_r.offset();
    std::underlying_type_t<E> raw{};
    if (!read(raw, name)) return;
    if (raw > static_cast<std::underlying_type_t<E>>(last)) {
      m_status = invalidInput(std::string(name) + ": unknown value " + std::to_string(raw), at);
      return;
    }
    v = static_cast<E>(raw);
  }
  template <class E>
  void knownOr(E& v, E last, E other, const char* name) {
    std::underlying_type_t<E> raw{};
    if (!read(raw, name)) return;
    v = raw > static_cast<std::underlying_type_t<E>>(last) ? other : static_cast<E>(raw);
  }
  template <class T>
  void since(int layout, T& v, const char* name) {
    if (present(layout)) (*this)(v, name);
  }
  template <class T>
  void since(int layout, T& v, const char* name, const T& absent) {
    if (present(layout)) {
      (*this)(v, name);
    } else if (m_status.ok()) {
      v = absent;
    }
  }
  template <class T>
  void list(std::vector<T>& v, const char* name) {
    uint32_t n = 0;
    if (!m_status.ok() || !(m_status = m_r.count(n, MinBytes::of<T>(), name)).ok()) return;
    v.resize(n);
    for (T& e : v) {
      fields(*this, e);
      if (!m_status.ok()) return;
    }
  }
  // Each entry is read from its own length-prefixed span: bytes after the fields this build
  // knows are a newer layout's, skipped.
  template <class T>
  void entries(std::vector<T>& v, const char* name, const char* entryName) {
    uint32_t n = 0;
    if (!m_status.ok() || !(m_status = m_r.count(n, 4 + MinBytes::of<T>(), name)).ok()) return;
    v.resize(n);
    for (T& e : v) {
      std::span<const uint8_t> bytes;
      if (!(m_status = m_r.sized(bytes, entryName)).ok()) return;
      const size_t base = m_r.offset() - bytes.size();
      ByteReader entry(bytes);
      Decoder inner(entry);
      fields(inner, e);
      if (const Status& s = inner.status(); !s.ok()) {
        m_status = Status(s.code(), s.message(), s.hasOffset() ? base + s.offset() : base);
        return;
      }
    }
  }

 private:
  template <class T>
  bool read(T& raw, const char* name) {
    if (m_status.ok()) m_status = m_r.integer(raw, name);
    return m_status.ok();
  }
  // Whether a field `layout` appended is in the payload. An older sender's payload ends where a
  // newer layout begins: that field and every later one keep their defaults. A payload ending
  // inside a layout's fields is truncated (the read then fails).
  bool present(int layout) {
    if (!m_status.ok() || (m_endedBefore != 0 && layout >= m_endedBefore)) return false;
    if (layout > m_layout && m_r.remaining() == 0) {
      m_endedBefore = layout;
      return false;
    }
    m_layout = layout;
    return true;
  }

  ByteReader& m_r;
  Status m_status;
  int m_layout = 1;       // the layout of the last field read
  int m_endedBefore = 0;  // the payload ended before this layout's fields (0: not yet)
};

template <typename T>
StatusOr<Message> decodeAs(const Frame& frame) {
  T m;
  ByteReader r(frame.payload);
  Decoder d(r);
  fields(d, m);
  if (const Status& s = d.status(); !s.ok()) {
    const uint64_t base = frame.streamOffset + kFrameHeaderBytes;
    return Status(s.code(), s.message(), s.hasOffset() ? base + s.offset() : base);
  }
  return Message(std::move(m));
}

// Calls f(std::type_identity<T>{}) for the message struct T whose type is `type`; false when
// this build knows no such type.
template <class F, size_t... I>
bool withMessageStruct(uint16_t type, F&& f, std::index_sequence<I...>) {
  auto one = [&]<class T>(std::type_identity<T> tag) {
    if constexpr (std::is_same_v<T, UnknownMessage>) {
      return false;
    } else {
      if (type != static_cast<uint16_t>(T::kType)) return false;
      f(tag);
      return true;
    }
  };
  return (one(std::type_identity<std::variant_alternative_t<I, Message>>{}) || ...);
}
template <class F>
bool withMessageStruct(uint16_t type, F&& f) {
  return withMessageStruct(type, std::forward<F>(f), std::make_index_sequence<std::variant_size_v<Message>>{});
}

}  // namespace

MessageType messageType(const Message& message) {
  return std::visit(
      []<class T>(const T& m) {
        if constexpr (std::is_same_v<T, UnknownMessage>) {
          return static_cast<MessageType>(m.type);
        } else {
          return T::kType;
        }
      },
      message);
}

std::vector<uint8_t> encodePayload(const Message& message) {
  std::vector<uint8_t> out;
  Encoder e(out);
  std::visit(
      [&e]<class T>(const T& m) {
        if constexpr (std::is_same_v<T, UnknownMessage>) {
          MXI_CHECK(false && "UnknownMessage cannot be encoded");
        } else {
          fields(e, m);
        }
      },
      message);
  return out;
}

uint8_t layoutVersion(MessageType type) {
  uint8_t layout = 1;
  withMessageStruct(static_cast<uint16_t>(type),
                    [&]<class T>(std::type_identity<T>) { layout = NewestLayout::of<T>(); });
  return layout;
}

void appendMessage(std::vector<uint8_t>& out, const Message& message) {
  const std::vector<uint8_t> payload = encodePayload(message);
  const MessageType type = messageType(message);
  appendFrame(out, static_cast<uint16_t>(type), layoutVersion(type), payload);
}

std::vector<uint8_t> encodeMessage(const Message& message) {
  std::vector<uint8_t> out;
  appendMessage(out, message);
  return out;
}

StatusOr<Message> decodeMessage(const Frame& frame) {
  StatusOr<Message> out = Message(UnknownMessage{frame.type, frame.payload.size()});
  withMessageStruct(frame.type, [&]<class T>(std::type_identity<T>) { out = decodeAs<T>(frame); });
  return out;
}

IssueKind issueKindFromTag(std::string_view tag) {
  if (tag == "Trace_EvilMethod") return IssueKind::kEvilMethod;
  if (tag == "Trace_FPS") return IssueKind::kFps;
  if (tag == "Trace_StartUp") return IssueKind::kStartup;
  if (tag == "io") return IssueKind::kIo;
  if (tag == "memory") return IssueKind::kMemory;
  if (tag == "SQLiteLint") return IssueKind::kSqlite;
  return IssueKind::kUnknown;
}

const char* bitmapFormatName(BitmapFormat format) {
  switch (format) {
    case BitmapFormat::kNone: return "";
    case BitmapFormat::kPng: return "png";
    case BitmapFormat::kJpg: return "jpg";
    case BitmapFormat::kWebp: return "webp";
  }
  return "";
}

const char* leakWatchModeName(LeakWatchMode mode) {
  switch (mode) {
    case LeakWatchMode::kOff: return "off";
    case LeakWatchMode::kReport: return "report";
    case LeakWatchMode::kManual: return "manual";
    case LeakWatchMode::kAuto: return "auto";
  }
  return "report";
}

const char* issueKindName(IssueKind kind) {
  switch (kind) {
    case IssueKind::kUnknown: return "unknown";
    case IssueKind::kEvilMethod: return "evil-method";
    case IssueKind::kFps: return "fps";
    case IssueKind::kStartup: return "startup";
    case IssueKind::kIo: return "io";
    case IssueKind::kMemory: return "memory";
    case IssueKind::kSqlite: return "sqlite";
  }
  return "unknown";
}

}  // namespace mxi::core::protocol
