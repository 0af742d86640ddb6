#pragma once
// FIFO of objects that carry their own `next` pointer: pushing and popping allocate nothing.
// Not synchronized; the owner decides which lock, if any, protects it.

namespace weft::runtime {

template <class T, T* T::* next>
class intrusive_queue {
 public:
  bool empty() const noexcept { return head_ == nullptr; }

  void push_back(T* item) noexcept {
    item->*next = nullptr;
    if (tail_ != nullptr)
      tail_->*next = item;
    else
      head_ = item;
    tail_ = item;
  }

  T* pop_front() noexcept {
    T* item = head_;
    if (item != nullptr) {
      head_ = item->*next;
      if (head_ == nullptr) tail_ = nullptr;
    }
    return item;
  }

  // Moves every item of `other` to the end of this queue.
  void splice_back(intrusive_queue& other) noexcept {
    if (other.head_ == nullptr) return;
    if (tail_ != nullptr)
      tail_->*next = other.head_;
    else
      head_ = other.head_;
    tail_ = other.tail_;
    other.head_ = other.tail_ = nullptr;
  }

  T* front() const noexcept { return head_; }

  // Removes `item`, which follows `previous` (nullptr when it is the head).
  void remove_after(T* previous, T* item) noexcept {
    T* following = item->*next;
    if (previous == nullptr)
      head_ = following;
    else
      previous->*next = following;
    if (tail_ == item) tail_ = previous;
  }

 private:
  T* head_ = nullptr;
  T* tail_ = nullptr;
};

}  // namespace weft::runtime
