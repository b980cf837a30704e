#include "classad/tree_builder.h"

#include <algorithm>
#include <cstdint>
#include <new>
#include <utility>

#include "classad/classad.h"

namespace classad {

namespace {

// The room reserved for a tree's nodes, after the shared_ptr control block
// of its Block: where RoomAllocator put it is known only once it
// allocated, so the Block's constructor reads it from here.
struct ReservedRoom {
  size_t bytes;
  std::byte* at = nullptr;
};

// Allocates the control block of a Block with `reserved->bytes` more
// after it (aligned to 16), and says where they are in `reserved->at`: a
// tree's nodes and its reference counts in one allocation.
template <typename T>
class RoomAllocator {
 public:
  using value_type = T;
  explicit RoomAllocator(ReservedRoom* reserved) : reserved_(reserved) {}
  template <typename U>
  RoomAllocator(const RoomAllocator<U>& other) : reserved_(other.reserved()) {}

  T* allocate(size_t n) {
    const size_t head = (n * sizeof(T) + 15) & ~size_t{15};
    std::byte* memory = static_cast<std::byte*>(::operator new(head + reserved_->bytes));
    reserved_->at = memory + head;
    return reinterpret_cast<T*>(memory);
  }
  void deallocate(T* p, size_t) { ::operator delete(p); }
  // Only allocate() reads it: the copy kept in the control block outlives it.
  ReservedRoom* reserved() const { return reserved_; }

  template <typename U>
  bool operator==(const RoomAllocator<U>& other) const {
    return reserved_ == other.reserved();
  }

 private:
  ReservedRoom* reserved_;
};

}  // namespace

// The memory of one tree: the room reserved with the builder (allocated
// with the block's control block, RoomAllocator), then extra chunks if
// the estimate fell short. Nodes lie one after the other, each
// Expr::NodeBytes(kind) long; the block destroys them when it goes.
class TreeBuilder::Block {
 public:
  explicit Block(const ReservedRoom* reserved)
      : room_(reserved->at), room_bytes_(static_cast<uint32_t>(reserved->bytes)) {}
  Block(const Block&) = delete;
  Block& operator=(const Block&) = delete;
  ~Block() {
    DestroyNodes(room_, used_);
    while (extra_ != nullptr) {
      Chunk* next = extra_->next;
      DestroyNodes(extra_->bytes(), extra_->used);
      ::operator delete(extra_);
      extra_ = next;
    }
  }

  // Room for `bytes` more (a multiple of 8).
  void* Room(size_t bytes) {
    if (extra_ == nullptr) {
      if (room_bytes_ - used_ >= bytes) return room_ + used_;
    } else if (extra_->capacity - extra_->used >= bytes) {
      return extra_->bytes() + extra_->used;
    }
    // The estimate fell short: a chunk at least as large as all before.
    size_t before = room_bytes_;
    for (const Chunk* c = extra_; c != nullptr; c = c->next) before += c->capacity;
    const size_t capacity = std::max({bytes, before, size_t{256}});
    extra_ = new (::operator new(sizeof(Chunk) + capacity)) Chunk{extra_, 0, capacity};
    return extra_->bytes();
  }

  // Counts `bytes` of the room Room returned as holding a built node.
  void Placed(size_t bytes) {
    if (extra_ == nullptr) {
      used_ += static_cast<uint32_t>(bytes);
    } else {
      extra_->used += bytes;
    }
  }

 private:
  struct Chunk {
    Chunk* next;
    size_t used;
    size_t capacity;
    std::byte* bytes() { return reinterpret_cast<std::byte*>(this + 1); }
  };
  static_assert(sizeof(Chunk) % 8 == 0);

  static void DestroyNodes(std::byte* at, size_t used) {
    // Nodes lie back to back from `at`, each as long as its kind says.
    const std::byte* end = at + used;
    while (at < end) at += Expr::DestroyInPlace(reinterpret_cast<Expr*>(at));
  }

  std::byte* room_;         // the reserved room, after the control block
  Chunk* extra_ = nullptr;  // chunks past room_, newest first
  uint32_t room_bytes_;     // room_'s size (kMaxRoomBytes at most)
  uint32_t used_ = 0;       // bytes of room_ holding nodes
};

TreeBuilder::TreeBuilder(size_t expected_bytes) {
  // Beyond kMaxRoomBytes (trees larger than any input the limits allow by
  // default), the rest goes to chunks.
  constexpr size_t kMaxRoomBytes = size_t{1} << 30;
  ReservedRoom reserved{(std::min(expected_bytes, kMaxRoomBytes) + 7) & ~size_t{7}};
  block_ = std::allocate_shared<Block>(RoomAllocator<Block>(&reserved), &reserved);
}

TreeBuilder::~TreeBuilder() = default;

template <typename T>
T* TreeBuilder::Place(ExprKind kind, Op op) {
  const size_t bytes = Expr::NodeBytes(kind);
  T* node = new (block_->Room(bytes)) T(kind, op);
  // Counted once built, so the block never destroys a half-built node.
  block_->Placed(bytes);
  return node;
}

ExprPtr TreeBuilder::Finish(const Expr* root) { return ExprPtr(std::move(block_), root); }

const Expr* TreeBuilder::Literal(Value value) {
  Expr* e = Place<Expr>(ExprKind::kLiteral, Op::kNone);
  e->literal_ = std::move(value);
  return e;
}

const Expr* TreeBuilder::RelTimeLiteral(double seconds) {
  Expr* e = Place<Expr>(ExprKind::kLiteral, Op::kNone);
  e->literal_ = Value::Real(seconds);
  e->absolute_ = true;  // reltime_text()
  return e;
}

const Expr* TreeBuilder::Attribute(std::string_view name, bool absolute) {
  auto* p = Place<Expr::Packed<Expr::NamedNode>>(ExprKind::kAttribute, Op::kNone);
  p->node.name_hash = HashAttributeName(name);
  p->expr.name_class_ = ClassifyName(name);
  p->expr.absolute_ = absolute;
  p->node.name.assign(name);
  return &p->expr;
}

const Expr* TreeBuilder::Select(ExprPtr base, std::string_view name) {
  auto* p = Place<Expr::Packed<Expr::SelectNode>>(ExprKind::kSelect, Op::kNone);
  p->node.name_hash = HashAttributeName(name);
  p->expr.name_class_ = ClassifyName(name);
  p->expr.depth_ = base->depth_ + 1;
  p->node.base = std::move(base);
  p->node.name.assign(name);
  return &p->expr;
}

const Expr* TreeBuilder::MakeOperator(ExprKind kind, Op op, ExprPtr* operands) {
  auto* p = Place<Expr::Packed<Expr::OperatorNode>>(kind, op);
  const size_t count = Expr::OperandCount(kind);
  uint32_t deepest = 0;
  for (size_t i = 0; i < count; ++i) {
    deepest = std::max(deepest, operands[i]->depth_);
    p->node.operands[i] = std::move(operands[i]);
  }
  p->expr.depth_ = deepest + 1;
  return &p->expr;
}

const Expr* TreeBuilder::Subscript(ExprPtr base, ExprPtr index) {
  ExprPtr operands[] = {std::move(base), std::move(index)};
  return MakeOperator(ExprKind::kSubscript, Op::kNone, operands);
}

const Expr* TreeBuilder::Unary(Op op, ExprPtr operand) {
  return MakeOperator(ExprKind::kUnary, op, &operand);
}

const Expr* TreeBuilder::Binary(Op op, ExprPtr left, ExprPtr right) {
  ExprPtr operands[] = {std::move(left), std::move(right)};
  return MakeOperator(ExprKind::kBinary, op, operands);
}

const Expr* TreeBuilder::Conditional(ExprPtr cond, ExprPtr if_true, ExprPtr if_false) {
  ExprPtr operands[] = {std::move(cond), std::move(if_true), std::move(if_false)};
  return MakeOperator(ExprKind::kConditional, Op::kNone, operands);
}

const Expr* TreeBuilder::Elvis(ExprPtr left, ExprPtr right) {
  ExprPtr operands[] = {std::move(left), std::move(right)};
  return MakeOperator(ExprKind::kElvis, Op::kNone, operands);
}

const Expr* TreeBuilder::Parens(ExprPtr inner) {
  return MakeOperator(ExprKind::kParens, Op::kNone, &inner);
}

namespace {

uint32_t DeepestOf(const ExprList& list) {
  uint32_t deepest = 0;
  for (const ExprPtr& e : list) deepest = std::max(deepest, e->depth());
  return deepest;
}

}  // namespace

const Expr* TreeBuilder::Call(std::string name, std::vector<ExprPtr> args, const Builtin* builtin) {
  auto* p = Place<Expr::Packed<Expr::CallNode>>(ExprKind::kCall, Op::kNone);
  p->node.name_hash = HashAttributeName(name);
  p->node.name = std::move(name);
  p->node.args = std::make_shared<const ExprList>(std::move(args));
  p->node.builtin = builtin;
  p->expr.depth_ = DeepestOf(*p->node.args) + 1;
  return &p->expr;
}

const Expr* TreeBuilder::List(std::vector<ExprPtr> items) {
  auto* p = Place<Expr::Packed<Expr::ListNode>>(ExprKind::kList, Op::kNone);
  p->node.items = std::make_shared<const ExprList>(std::move(items));
  p->expr.depth_ = DeepestOf(*p->node.items) + 1;
  return &p->expr;
}

const Expr* TreeBuilder::Ad(std::shared_ptr<const ClassAd> ad) {
  auto* p = Place<Expr::Packed<Expr::AdNode>>(ExprKind::kAd, Op::kNone);
  p->node.ad = std::move(ad);
  return &p->expr;
}

}  // namespace classad
