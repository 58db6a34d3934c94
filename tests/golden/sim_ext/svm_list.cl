// Shared virtual memory at the address it had (svm=): a linked list whose nodes point into
// their own allocation.
struct node {
  global struct node *next;
  int value;
  int pad;
};

kernel void walk(global struct node *head, global int *out) {
  int sum = 0;
  for (global struct node *n = head; n; n = n->next)
    sum += n->value;
  out[0] = sum;
  head->value = 100;
}
