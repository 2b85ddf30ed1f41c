#include "frontend/ir_serialization.hpp"

#include <cstring>
#include <stdexcept>
#include <type_traits>

namespace galias::frontend {

namespace {

// A struct that gains a field must be given it below too, or the cache silently drops it:
// these sizes (of the GCC/libstdc++ x86-64 build) make such a change fail to compile here.
#if defined(__GLIBCXX__) && defined(__x86_64__)
static_assert(sizeof(facts::SourcePos) == 40, "update ir_serialization.cpp for SourcePos");
static_assert(sizeof(Entity) == 160, "update ir_serialization.cpp for Entity");
static_assert(sizeof(Term) == 88, "update ir_serialization.cpp for Term");
static_assert(sizeof(Leaf) == 40, "update ir_serialization.cpp for Leaf");
static_assert(sizeof(Assign) == 48, "update ir_serialization.cpp for Assign");
static_assert(sizeof(facts::ArgumentAddress) == 232, "update ir_serialization.cpp for ArgumentAddress");
static_assert(sizeof(CallValue) == 368, "update ir_serialization.cpp for CallValue");
static_assert(sizeof(CallSite) == 664, "update ir_serialization.cpp for CallSite");
static_assert(sizeof(Function) == 328, "update ir_serialization.cpp for Function");
static_assert(sizeof(facts::UnmodelledConstruct) == 104,
              "update ir_serialization.cpp for UnmodelledConstruct");
static_assert(sizeof(CollapsedPath) == 48, "update ir_serialization.cpp for CollapsedPath");
static_assert(sizeof(FieldOverlap) == 8, "update ir_serialization.cpp for FieldOverlap");
static_assert(sizeof(FrameStore) == 64, "update ir_serialization.cpp for FrameStore");
static_assert(sizeof(LaterUse) == 72, "update ir_serialization.cpp for LaterUse");
static_assert(sizeof(TranslationUnitIr) == 312, "update ir_serialization.cpp for TranslationUnitIr");
#endif

struct Truncated : std::runtime_error {
    Truncated() : std::runtime_error("truncated") {}
};

class Writer {
public:
    template <class T>
    void operator()(const T& value) {
        if constexpr (std::is_enum_v<T> || std::is_integral_v<T>) {
            const auto wide = static_cast<std::uint64_t>(value);
            out_.append(reinterpret_cast<const char*>(&wide), sizeof wide);
        } else {
            io(*this, const_cast<T&>(value));  // io() only reads through a Writer
        }
    }
    void operator()(const std::string& text) {
        (*this)(text.size());
        out_ += text;
    }
    template <class T>
    void operator()(const std::vector<T>& items) {
        (*this)(items.size());
        for (const T& item : items) (*this)(static_cast<const T&>(item));
    }
    void operator()(const std::vector<bool>& items) {
        (*this)(items.size());
        for (bool item : items) (*this)(item);
    }
    template <class T>
    void operator()(const std::optional<T>& item) {
        (*this)(item.has_value());
        if (item) (*this)(*item);
    }
    std::string take() { return std::move(out_); }

private:
    std::string out_;
};

class Reader {
public:
    explicit Reader(std::string_view in) : in_(in) {}
    template <class T>
    void operator()(T& value) {
        if constexpr (std::is_enum_v<T> || std::is_integral_v<T>) {
            std::uint64_t wide = 0;
            take(&wide, sizeof wide);
            value = static_cast<T>(wide);
        } else {
            io(*this, value);
        }
    }
    void operator()(std::string& text) {
        const std::size_t size = length();
        text.assign(in_.substr(0, size));
        in_.remove_prefix(size);
    }
    template <class T>
    void operator()(std::vector<T>& items) {
        items.resize(length());
        for (T& item : items) (*this)(item);
    }
    void operator()(std::vector<bool>& items) {
        items.resize(length());
        for (std::size_t i = 0; i < items.size(); ++i) {
            bool item = false;
            (*this)(item);
            items[i] = item;
        }
    }
    template <class T>
    void operator()(std::optional<T>& item) {
        bool present = false;
        (*this)(present);
        item.reset();
        if (present) (*this)(item.emplace());
    }
    [[nodiscard]] bool done() const { return in_.empty(); }

private:
    void take(void* out, std::size_t size) {
        if (in_.size() < size) throw Truncated();
        std::memcpy(out, in_.data(), size);
        in_.remove_prefix(size);
    }
    // A count no larger than the bytes left: a damaged length cannot allocate gigabytes.
    std::size_t length() {
        std::uint64_t size = 0;
        take(&size, sizeof size);
        if (size > in_.size()) throw Truncated();
        return static_cast<std::size_t>(size);
    }
    std::string_view in_;
};

// One line per struct, its fields in declaration order: easy to hold against program_ir.hpp.
// clang-format off
template <class A> void io(A& a, facts::SourcePos& x) { a(x.file); a(x.line); a(x.column); }
template <class A> void io(A& a, Entity& x) {
    a(x.kind); a(x.key); a(x.name); a(x.function); a(x.pos); a(x.per_context); a(x.restrict_argument);
    a(x.compound); a(x.constant); a(x.bytes);
}
template <class A> void io(A& a, Term& x) { a(x.kind); a(x.entity); a(x.path); a(x.operand); a(x.field); a(x.pos); }
template <class A> void io(A& a, Leaf& x) { a(x.path); a(x.field); }
template <class A> void io(A& a, Assign& x) { a(x.src); a(x.dst); a(x.pos); }
template <class A> void io(A& a, facts::LinearTerm& x) { a(x.value); a(x.coefficient); a(x.nonnegative); }
template <class A> void io(A& a, facts::LinearForm& x) { a(x.constant); a(x.terms); }
template <class A> void io(A& a, facts::ArgumentAddress& x) {
    a(x.call); a(x.arg); a(x.base_kind); a(x.base); a(x.offset); a(x.record); a(x.lo); a(x.hi); a(x.constant);
    a(x.fresh_apart); a(x.linear); a(x.allocation); a(x.moved_line); a(x.moved_column); a(x.excluded);
}
template <class A> void io(A& a, CallValue::Apart& x) { a(x.arg); a(x.needs_fresh); }
template <class A> void io(A& a, CallValue& x) {
    a(x.term); a(x.aggregate); a(x.leaves); a(x.address); a(x.needs_fresh); a(x.allocation); a(x.apart);
    a(x.excluded); a(x.param); a(x.param_field); a(x.param_some); a(x.param_field_rewritten);
}
template <class A> void io(A& a, LaterUse& x) {
    a(x.call); a(x.arg); a(x.field); a(x.kind); a(x.use_call); a(x.use_arg); a(x.always); a(x.pos);
}
template <class A> void io(A& a, FrameStore& x) {
    a(x.target); a(x.object); a(x.alloca_call); a(x.variable); a(x.pointer); a(x.overwritten); a(x.pos);
}
template <class A> void io(A& a, CallSite& x) {
    a(x.id); a(x.begin); a(x.end); a(x.macro); a(x.direct_callee); a(x.callee_pointer); a(x.args); a(x.result);
    a(x.restrict_params); a(x.read_only_params); a(x.copies_bytes_only); a(x.param_count); a(x.variadic);
    a(x.has_prototype); a(x.signature); a(x.every_path);
}
template <class A> void io(A& a, facts::UnmodelledConstruct& x) { a(x.category); a(x.pos); a(x.detail); }
template <class A> void io(A& a, Function& x) {
    a(x.entity); a(x.has_body); a(x.inline_only); a(x.params); a(x.param_aggregate); a(x.return_value);
    a(x.return_aggregate); a(x.varargs); a(x.param_count); a(x.variadic); a(x.has_prototype); a(x.signature);
    a(x.restrict_params); a(x.read_only_params); a(x.assigns); a(x.calls); a(x.frame_stores); a(x.later_uses); a(x.unmodelled);
}
template <class A> void io(A& a, CollapsedPath& x) { a(x.entity); a(x.path); a(x.field); a(x.kind); }
template <class A> void io(A& a, FieldOverlap& x) { a(x.a); a(x.b); }

// Everything but the term table, which is rebuilt through intern() on reading.
template <class A> void io_rest(A& a, TranslationUnitIr& x) {
    a(x.file); a(x.entities); a(x.functions); a(x.global_assigns); a(x.collapsed); a(x.field_overlaps);
    a(x.unmodelled); a(x.unused_static_functions); a(x.defined_variables);
    a(x.referenced_variables);
}
// clang-format on

}  // namespace

std::string serialize_ir(const TranslationUnitIr& ir) {
    Writer w;
    w(ir.terms.terms());
    io_rest(w, const_cast<TranslationUnitIr&>(ir));
    return w.take();
}

std::optional<TranslationUnitIr> deserialize_ir(std::string_view bytes) {
    try {
        Reader r(bytes);
        std::vector<Term> terms;
        r(terms);
        TranslationUnitIr ir;
        for (std::size_t i = 0; i < terms.size(); ++i) {
            // Terms were interned in this order, each new, so each gets its old id back.
            if (ir.terms.intern(terms[i]) != i) return std::nullopt;
        }
        io_rest(r, ir);
        if (!r.done()) return std::nullopt;
        return ir;
    } catch (const Truncated&) {
        return std::nullopt;
    }
}

}  // namespace galias::frontend
