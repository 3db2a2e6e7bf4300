/* examples/sum.c -- the bundled example for `make example`.
   examples/sum.ll is generated from it with clang 14:
     clang -O0 -g -Xclang -disable-O0-optnone -fdebug-prefix-map=$PWD=. \
       -S -emit-llvm sum.c -o sum.ll
   and sum.mssa.txt is what LLVM 14 prints for it:
     opt -passes='print<memoryssa>' -disable-output sum.ll 2>sum.mssa.txt
   (the -O0 IR keeps every local in memory, so the loop gets a MemoryPhi). */
int total;

int sum(const int *a, int n) {
  int s = 0;
  for (int i = 0; i < n; i++)
    s += a[i];
  total += s;
  return s;
}
