/* jb_vm.c - placeholder until the bridge lands */
